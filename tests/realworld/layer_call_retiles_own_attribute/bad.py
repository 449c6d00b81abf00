# SOURCE: https://github.com/BBillot/SynthSeg/issues/89
# SYMPTOM: raises TypeError
"""A layer's call tiles a tensor kept on self and stores the result back on self."""

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
        if self.add_batchsize:
            tile_shape = tf.concat([tf.shape(inputs)[:1], [1]], axis=0)
            self.min_res_tens = tf.tile(self.min_res_tens, tile_shape)  # EXPECT: TF301
        return inputs * self.min_res_tens


inputs = tf.keras.Input(shape=(3,))
outputs = SampleResolution(np.array([1.0, 2.0, 3.0]))(inputs)
model = tf.keras.Model(inputs, outputs)
print(model.predict(np.ones((2, 3)), verbose=0))
