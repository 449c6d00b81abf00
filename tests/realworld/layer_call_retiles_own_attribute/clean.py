"""The fix: tile into a local each call; the attribute keeps the constant from build."""

import numpy as np
import tensorflow as tf


class SampleResolution(tf.keras.layers.Layer):
    def __init__(self, min_res, **kwargs):
        super().__init__(**kwargs)
        self.min_res = min_res
        self.add_batchsize = False

    def build(self, input_shape):
        self.min_res_tens = tf.convert_to_tensor(self.min_res, dtype="float32")
        if input_shape:
            self.add_batchsize = True
            self.min_res_tens = tf.expand_dims(self.min_res_tens, 0)

    def call(self, inputs):
        min_res = self.min_res_tens
        if self.add_batchsize:
            tile_shape = tf.concat([tf.shape(inputs)[:1], [1]], axis=0)
            min_res = tf.tile(min_res, tile_shape)
        return inputs * min_res


inputs = tf.keras.Input(shape=(3,))
outputs = SampleResolution(np.array([1.0, 2.0, 3.0]))(inputs)
model = tf.keras.Model(inputs, outputs)
print(model.predict(np.ones((2, 3)), verbose=0))
