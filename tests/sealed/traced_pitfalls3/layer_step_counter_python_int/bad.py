# SOURCE: https://github.com/keras-team/keras/issues/20261
# SYMPTOM: number "layer steps" < 5
# DESCRIPTION: a custom layer anneals a loss term by the training step it keeps in its own Python integer counter, incremented in call, but call runs only while fit's step is traced, so the counter stops at the number of traces instead of counting steps
"""A layer whose annealed penalty depends on how many training steps it has seen."""

import numpy as np
import tensorflow as tf


class AnnealedPenalty(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.step = 0

    def call(self, x, training=False):
        if training:
            self.step += 1  # EXPECT: side-effect/counter-incremented-in-traced-code
        weight = min(1.0, self.step / 100)
        self.add_loss(weight * tf.reduce_mean(tf.square(x)))
        return x


layer = AnnealedPenalty()
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4), layer, tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(40, 4).astype("float32")
y = np.random.rand(40, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("layer steps", layer.step)
