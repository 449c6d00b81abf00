import numpy as np
import keras
from keras.layers import BatchNormalization, Conv2D, DepthwiseConv2D, GlobalAveragePooling2D, Input, PReLU


def conv_block(x, filters, kernel, strides):
    x = Conv2D(filters, kernel, strides=strides, padding="same", use_bias=False)(x)
    x = BatchNormalization()(x)
    return PReLU(shared_axes=[1, 2])(x)


def depthwise_block(x, kernel, strides):
    x = DepthwiseConv2D(kernel, strides=strides, padding="same", use_bias=False)(x)
    x = BatchNormalization()(x)
    return PReLU(shared_axes=[1, 2])(x)


inputs = Input((32, 32, 3))
x = conv_block(inputs, 16, 3, 2)
x = depthwise_block(x, 3, 1)
embedding = GlobalAveragePooling2D()(conv_block(x, 32, 1, 1))
model = keras.Model(inputs, embedding)
model.predict(np.zeros((1, 32, 32, 3), "float32"), verbose=0)
prelu_params = sum(int(np.prod(w.shape)) for layer in model.layers if isinstance(layer, PReLU) for w in layer.weights)
print("PRELU_PARAMS", prelu_params)
