"""The fix: the condition is an input of the model, so each call sees its own value."""

import numpy as np
import tensorflow as tf


class ContextMerge(tf.keras.layers.Layer):
    def call(self, current, condition):
        return tf.where(condition > 0.5, current * 0.0, current)


inputs = tf.keras.Input((6,))
condition = tf.keras.Input((1,))
merged = ContextMerge()(tf.keras.layers.Dense(4)(inputs), condition)
model = tf.keras.Model([inputs, condition], tf.keras.layers.Dense(3)(merged))
x = np.random.rand(4, 6).astype("float32")

for mode in (True, False):
    cond = np.full((4, 1), float(mode), dtype="float32")
    print("mode", np.round(model.predict([x, cond], batch_size=4, verbose=0), 4).tolist())
