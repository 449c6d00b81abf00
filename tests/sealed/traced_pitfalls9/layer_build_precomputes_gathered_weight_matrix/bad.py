# SOURCE: http://quabr.com/59726491/cannot-fit-keras-model-which-uses-tf-gather-gradients-do-not-exist
# SYMPTOM: number "[weight change]" < 0.000001
# DESCRIPTION: a custom layer builds a matrix from its weight with tf.gather in build() and stores the resulting tensor; call() uses that precomputed constant, so the loss does not depend on the weight, no gradient reaches it and fit never updates it
"""A layer whose outputs mix each input with both weights: [i1*w1 + i2*w2, i1*w2 + i2*w1]."""

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
        self.m = tf.concat(  # EXPECT: stale-capture/weight-derived-tensor-computed-in-build
            [tf.reshape(tf.gather(self.w, ix), (-1, 1)) for ix in [[0, 1], [1, 0]]], axis=-1
        )

    def call(self, inputs):
        lin = tf.matmul(inputs, self.m) + self.b
        return self.activation(lin)


np.random.seed(0)
x = np.random.rand(64, 2).astype("float32")
y = np.stack([x[:, 0] * 0.3 + x[:, 1] * 0.7, x[:, 0] * 0.7 + x[:, 1] * 0.3], axis=1)
model = keras.Sequential([keras.Input((2,)), GatherLayer()])
model.compile(optimizer="sgd", loss="mse")
before = model.layers[0].w.numpy().copy()
model.fit(x, y, epochs=3, verbose=0)
print("[weight change]", float(np.abs(model.layers[0].w.numpy() - before).sum()))
