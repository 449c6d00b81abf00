"""The fix: the loop runs inside a layer's call, where it gets real (traced) tensors."""

import numpy as np
import tensorflow as tf


class CountPositive(tf.keras.layers.Layer):
    def call(self, logits):
        def body(i, acc):
            return i + 1, acc + tf.cast(logits[:, i] > 0.0, tf.float32)

        _, count = tf.while_loop(lambda i, acc: i < 5, body, [0, tf.zeros_like(logits[:, 0])])
        return count


scores = tf.keras.Input((5,))
logits = tf.keras.layers.Dense(5)(scores)
model = tf.keras.Model(scores, CountPositive()(logits))
print("count", model.predict(np.random.rand(3, 5), verbose=0).shape)
