import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(10,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
x = np.random.rand(128, 10).astype("float32")
y = np.random.rand(128, 1).astype("float32")
model.fit(x, y, epochs=1, batch_size=32, verbose=0)
model.layers[0].trainable = False
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
frozen = model.layers[0].kernel.numpy().copy()
model.fit(x, y, epochs=2, batch_size=32, verbose=0)
print("frozen_change", f"{np.abs(model.layers[0].kernel.numpy() - frozen).max():.8f}")
