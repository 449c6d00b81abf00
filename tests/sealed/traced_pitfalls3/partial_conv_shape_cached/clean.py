"""The fix: compute the shape in every call instead of caching a graph tensor on the layer."""

import numpy as np
import tensorflow as tf


class PConv2D(tf.keras.layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv = tf.keras.layers.Conv2D(filters, 3, padding="same")

    def call(self, inputs):
        mask = tf.ones(tf.shape(inputs))
        return self.conv(inputs * mask)


class Inpainter(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.enc = PConv2D(4, name="pconv2d_enc_1")
        self.out = tf.keras.layers.Conv2D(3, 1)

    def call(self, x):
        return self.out(self.enc(x))


model = Inpainter()
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(8, 8, 8, 3).astype("float32")
model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("pred", model.predict(x, verbose=0).shape)
