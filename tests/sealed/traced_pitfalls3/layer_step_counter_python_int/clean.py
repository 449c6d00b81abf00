"""The fix: keep the counter in a non-trainable variable and increment it with assign_add."""

import numpy as np
import tensorflow as tf


class AnnealedPenalty(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.step = tf.Variable(0.0, trainable=False)

    def call(self, x, training=False):
        if training:
            self.step.assign_add(1.0)
        weight = tf.minimum(1.0, self.step / 100)
        self.add_loss(weight * tf.reduce_mean(tf.square(x)))
        return x


layer = AnnealedPenalty()
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4), layer, tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(40, 4).astype("float32")
y = np.random.rand(40, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("layer steps", int(layer.step.numpy()))
