# SOURCE: https://github.com/keras-team/keras/issues/16826
# SYMPTOM: raises ValueError
# DESCRIPTION: a U-Net ported from Keras 1 keeps Convolution2D(filters, rows, cols), which Keras 2 and 3 read as kernel size and strides, so the feature maps shrink and the skip concatenation fails
import numpy as np
import keras
from keras.layers import Activation, Concatenate, Convolution2D, Input, MaxPooling2D, UpSampling2D


def build_unet(input_shape):
    inputs = Input(shape=input_shape)
    conv1 = Convolution2D(16, 3, 3, padding="same", kernel_initializer="he_normal")(inputs)  # EXPECT: keras3/keras1-convolution2d-signature
    conv1 = Activation("relu")(conv1)
    pool1 = MaxPooling2D(pool_size=(2, 2), padding="same", strides=(2, 2))(conv1)
    conv2 = Convolution2D(32, 3, 3, padding="same", kernel_initializer="he_normal")(pool1)  # EXPECT: keras3/keras1-convolution2d-signature
    conv2 = Activation("relu")(conv2)
    up1 = Concatenate(axis=-1)([UpSampling2D(size=(2, 2))(conv2), conv1])
    conv3 = Convolution2D(16, 3, 3, padding="same", kernel_initializer="he_normal")(up1)  # EXPECT: keras3/keras1-convolution2d-signature
    outputs = Convolution2D(1, 1, 1, activation="sigmoid")(conv3)
    return keras.Model(inputs, outputs)


model = build_unet((64, 64, 1))
model.compile(optimizer="adam", loss="binary_crossentropy")
rng = np.random.default_rng(16826)
x = rng.random((2, 64, 64, 1)).astype("float32")
model.fit(x, (x > 0.5).astype("float32"), epochs=1, verbose=0)
print("output", model.predict(x, verbose=0).shape)
