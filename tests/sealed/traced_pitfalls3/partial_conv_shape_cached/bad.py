# SOURCE: https://github.com/ezavarygin/PConv2D_Keras/issues/2
# SYMPTOM: raises InaccessibleTensorError
# DESCRIPTION: a partial-convolution layer computes the shape of its input once and keeps that tensor on the layer for later calls, so the cached tensor belongs to the graph of the first trace and the next traced function (prediction after training) cannot use it
"""Inpainting with a partial-convolution layer: train, then predict."""

import numpy as np
import tensorflow as tf


class PConv2D(tf.keras.layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv = tf.keras.layers.Conv2D(filters, 3, padding="same")
        self.window_shape = None

    def call(self, inputs):
        if self.window_shape is None:
            self.window_shape = tf.shape(inputs)  # EXPECT: leaked-tensor/tensor-stored-on-object
        mask = tf.ones(self.window_shape)
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
