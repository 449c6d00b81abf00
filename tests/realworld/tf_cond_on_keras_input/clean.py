"""The fix: the branch runs inside a layer's call, on real tensors."""

import numpy as np
import tensorflow as tf
import keras


class Choose(keras.layers.Layer):
    def call(self, flag):
        return tf.cond(
            flag[0], lambda: tf.ones_like(flag, tf.float32), lambda: tf.zeros_like(flag, tf.float32)
        )


flag = keras.Input(shape=(), dtype="bool")
model = keras.Model(flag, Choose()(flag))
print("built", model.predict(np.array([True, False]), verbose=0))
