"""The fix: hold the rate in a non-trainable weight and assign the decayed value to it."""

import numpy as np
import tensorflow as tf


class DivideByRate(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.rate = self.add_weight(shape=(), initializer="ones", trainable=False, name="rate")

    def call(self, x):
        return x / self.rate


inputs = tf.keras.Input((4,))
hidden = tf.keras.layers.Dense(4, kernel_initializer="ones")(inputs)
divide = DivideByRate()
outputs = divide(hidden)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")

x = np.ones((8, 4), "float32")
y = np.ones((8, 4), "float32")
for epoch in range(3):
    divide.rate.assign(divide.rate / 2)
    model.train_on_batch(x, y)
    probe = model.predict_on_batch(np.ones((1, 4), "float32"))
    dense = model.layers[1](tf.ones((1, 4)))
    print("scale", round(float(probe[0, 0] / dense[0, 0]), 3))
