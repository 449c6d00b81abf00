# class: 12
# DESCRIPTION: from keras.engine.topology import Layer for a custom layer (keras 2.x module layout)
# SOURCE: https://github.com/ialhashim/DenseDepth/pull/198
# keras2: tensorflow-cpu==2.2.3
import numpy as np
from keras import backend as K
from keras.engine.topology import Layer  # EXPECT


class BilinearUpSampling2D(Layer):
    def __init__(self, size=(2, 2), **kwargs):
        super(BilinearUpSampling2D, self).__init__(**kwargs)
        self.size = size

    def call(self, inputs):
        return K.resize_images(inputs, self.size[0], self.size[1], "channels_last", interpolation="bilinear")


print(K.int_shape(BilinearUpSampling2D()(K.constant(np.ones((1, 2, 2, 1))))))
