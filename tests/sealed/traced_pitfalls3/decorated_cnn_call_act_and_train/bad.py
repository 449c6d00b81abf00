# SOURCE: https://github.com/cog-model/forger/issues/5
# SYMPTOM: traces >= 4
# DESCRIPTION: an agent's CNN model decorates its own Keras call with tf.function and is called both for acting on single observations and for training on batches, with a Python training flag, so its call is traced again and again and warns about retracing
"""A Q-network used for acting and for learning in the same loop."""

import numpy as np
import tensorflow as tf


class ClassicCnn(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = tf.keras.layers.Conv2D(4, 3)
        self.head = tf.keras.layers.Dense(3)

    @tf.function  # EXPECT: api-misuse/decorated-keras-call
    def call(self, x, training=False):
        return self.head(tf.reduce_mean(self.conv(x), axis=[1, 2]))


model = ClassicCnn()
for step in range(4):
    action = int(tf.argmax(model(np.random.rand(1, 8, 8, 1).astype("float32"))[0]))
    q = model(np.random.rand(4 + step, 8, 8, 1).astype("float32"), training=True)
print("acted", action >= 0)
