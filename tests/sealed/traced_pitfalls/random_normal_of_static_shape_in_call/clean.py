"""The fix: ask for the dynamic shape, tf.shape(x), which is known when the graph runs."""

import numpy as np
import tensorflow as tf


class Reparametrize(tf.keras.layers.Layer):
    def call(self, x):
        epsilon = tf.random.normal(tf.shape(x))
        return x + 0.1 * epsilon


model = tf.keras.Sequential([tf.keras.layers.Dense(8), Reparametrize(), tf.keras.layers.Dense(1)])
model.compile(loss="mse", optimizer="adam")
X_train = np.random.rand(100, 4).astype("float32")
y_train = np.random.rand(100, 1).astype("float32")
model.fit(X_train, y_train, batch_size=64, epochs=1, verbose=0)
print("trained")
