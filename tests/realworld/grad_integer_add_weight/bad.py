# SOURCE: https://github.com/tensorflow/tensorflow/issues/73631
# SYMPTOM: raises ValueError
"""A custom layer's only weight is declared with an integer dtype: the tape never watches an
integer variable (a custom gradient does not change that), so fit finds no gradient."""

import numpy as np
import tensorflow as tf


class TestLayer(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.var = self.add_weight(shape=(1,), initializer="zeros", dtype=tf.int32)  # EXPECT: TF915

    def call(self, inputs):
        return inputs * tf.cast(self.var, tf.float32)


model = tf.keras.Sequential([tf.keras.Input((1,)), TestLayer()])
model.compile(optimizer="sgd", loss="mse")
values = np.arange(16, dtype="float32").reshape(-1, 1)
model.fit(values, 2 * values, epochs=1, verbose=0)
