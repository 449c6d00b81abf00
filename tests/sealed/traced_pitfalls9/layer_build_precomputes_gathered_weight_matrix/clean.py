"""The fix: gather the weight into the matrix inside call(), so each step differentiates through it."""

import numpy as np
import tensorflow as tf
import keras


class GatherLayer(keras.layers.Layer):
    def __init__(self, activation="linear", **kwargs):
        super().__init__(**kwargs)
        self.activation = keras.activations.get(activation)

    def build(self, _):
        self.w = self.add_weight(shape=(2,), name="weights", initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(1,), name="offset", initializer="random_normal", trainable=True)

    def call(self, inputs):
        m = tf.concat([tf.reshape(tf.gather(self.w, ix), (-1, 1)) for ix in [[0, 1], [1, 0]]], axis=-1)
        lin = tf.matmul(inputs, m) + self.b
        return self.activation(lin)


np.random.seed(0)
x = np.random.rand(64, 2).astype("float32")
y = np.stack([x[:, 0] * 0.3 + x[:, 1] * 0.7, x[:, 0] * 0.7 + x[:, 1] * 0.3], axis=1)
model = keras.Sequential([keras.Input((2,)), GatherLayer()])
model.compile(optimizer="sgd", loss="mse")
before = model.layers[0].w.numpy().copy()
model.fit(x, y, epochs=3, verbose=0)
print("[weight change]", float(np.abs(model.layers[0].w.numpy() - before).sum()))
