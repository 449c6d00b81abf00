# SOURCE: https://github.com/keras-team/keras/issues/11659
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom layer declares its weight as a new tf.Variable inside call, expecting the framework to reuse it across calls, so the traced training step creates a variable every time it is traced
"""A custom scaling layer whose weight is declared where it is used."""

import numpy as np
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def call(self, inputs):
        self.w = tf.Variable(tf.ones([inputs.shape[-1]]))  # EXPECT: variable-creation/variable-created-in-call
        return inputs * self.w


model = tf.keras.Sequential([tf.keras.Input((4,)), Scale(), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x, y = np.random.rand(16, 4).astype("float32"), np.random.rand(16, 1).astype("float32")
model.fit(x, y, batch_size=4, epochs=2, verbose=0)
print("weights", len(model.weights))
