# SOURCE: https://github.com/tensorflow/tensorflow/issues/36991
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom layer samples noise with tf.random.normal(x.shape); under model.fit the batch dimension of x.shape is None
"""A reparametrisation layer in a Sequential model trained with fit()."""

import numpy as np
import tensorflow as tf


class Reparametrize(tf.keras.layers.Layer):
    def call(self, x):
        epsilon = tf.random.normal(x.shape)  # EXPECT: graph-incompatible/static-shape-with-none-dimension
        return x + 0.1 * epsilon


model = tf.keras.Sequential([tf.keras.layers.Dense(8), Reparametrize(), tf.keras.layers.Dense(1)])
model.compile(loss="mse", optimizer="adam")
X_train = np.random.rand(100, 4).astype("float32")
y_train = np.random.rand(100, 1).astype("float32")
model.fit(X_train, y_train, batch_size=64, epochs=1, verbose=0)
print("trained")
