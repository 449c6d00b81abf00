# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises TypeError
"""A layer builds a constant on its first call and caches it on self; the first call is traced."""

import tensorflow as tf


class Offsets(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.table = None

    def call(self, x):
        if self.table is None:
            self.table = tf.cast(tf.range(tf.shape(x)[-1]), x.dtype)  # EXPECT: TF301
        return x + self.table


layer = Offsets()


@tf.function
def apply(x):
    return layer(x)


print(apply(tf.ones((2, 3))))
print(apply(tf.ones((3, 3))))
