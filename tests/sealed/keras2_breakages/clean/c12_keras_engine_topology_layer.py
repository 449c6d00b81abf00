# class: 12
# DESCRIPTION: (Keras 3 form) from keras.engine.topology import Layer for a custom layer (keras 2.x module layout)
# SOURCE: https://github.com/ialhashim/DenseDepth/pull/198
import numpy as np
import keras
from keras.layers import Layer


class BilinearUpSampling2D(Layer):
    def __init__(self, size=(2, 2), **kwargs):
        super(BilinearUpSampling2D, self).__init__(**kwargs)
        self.size = size

    def call(self, inputs):
        return keras.ops.image.resize(inputs, (inputs.shape[1] * self.size[0], inputs.shape[2] * self.size[1]), interpolation="bilinear")


print(tuple(BilinearUpSampling2D()(np.ones((1, 2, 2, 1), "float32")).shape))
