"""The fix: the channel count comes from the Keras tensor's static shape."""

import keras


def conv_bn(bottom, filters):
    x = keras.layers.Conv2D(filters, 1)(bottom)
    return keras.layers.BatchNormalization()(x)


def basic_block(bottom, filters):
    conv = conv_bn(conv_bn(bottom, filters), filters)
    input_channels = bottom.shape[-1]
    shortcut = bottom if input_channels == filters else conv_bn(bottom, filters)
    return keras.layers.Add()([conv, shortcut])


inputs = keras.Input((16, 16, 3))
outputs = basic_block(inputs, 8)
model = keras.Model(inputs, outputs)
print("output", model.output_shape)
