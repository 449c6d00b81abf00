import numpy as np
import keras
from keras import ops

inputs = keras.Input(shape=(5,))
hidden = keras.layers.Dense(8, name="encoder")(inputs)
hidden = keras.layers.Lambda(lambda x: ops.clip(x, 0.0, 3.0))(hidden)
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)
model.compile(loss="mse", optimizer=keras.optimizers.Adam(0.01))

x = np.random.rand(64, 5).astype("float32")
y = np.random.rand(64, 1).astype("float32") * 3
encoder = model.get_layer("encoder")
before = encoder.kernel.numpy().copy()
model.fit(x, y, epochs=2, verbose=0)
print("first_kernel_change", float(np.abs(encoder.kernel.numpy() - before).max()))
