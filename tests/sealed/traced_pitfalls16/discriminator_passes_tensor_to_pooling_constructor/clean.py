import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv2D, Dense, GlobalMaxPooling2D, Input, MaxPooling2D
from tensorflow.keras.models import Model

labels = ["real", "fake"]
d_shape = (32, 32, 3)
depth, size = 8, 3


def conv(i, deph, size, std):
    i = Conv2D(filters=deph, kernel_size=size, strides=1, padding="same", activation="relu")(i)
    return MaxPooling2D(std)(i)


def disc():
    inp = Input(shape=d_shape)
    i = conv(inp, depth, size, 2)
    i = conv(i, depth, size, 2)
    i = GlobalMaxPooling2D()(i)
    i = Dense(len(labels), activation="softmax")(i)
    return Model(inp, i)


m = disc()
print("scores", m(np.zeros((1,) + d_shape, "float32")).shape)
