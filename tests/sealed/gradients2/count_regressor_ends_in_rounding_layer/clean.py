import numpy as np
import keras
from keras import ops

max_features = 5
m = keras.Sequential()
m.add(keras.Input(shape=(max_features,)))
m.add(keras.layers.Dense(20))
m.add(keras.layers.Activation("relu"))
m.add(keras.layers.Dense(20))
m.add(keras.layers.Activation("relu"))
m.add(keras.layers.Dense(3))
m.compile(loss="mean_absolute_error", optimizer="adam")

x = np.random.rand(64, max_features).astype("float32")
y = np.random.randint(0, 5, (64, 3)).astype("float32")
before = [w.copy() for w in m.get_weights()]
m.fit(x, y, epochs=1, verbose=0)
counts = ops.convert_to_numpy(ops.round(m.predict(x, verbose=0)))
change = max(float(np.abs(a - b).max()) for a, b in zip(before, m.get_weights()))
print("weights_change", change)
