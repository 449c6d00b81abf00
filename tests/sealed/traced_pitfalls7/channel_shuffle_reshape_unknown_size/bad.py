# SOURCE: https://github.com/opconty/keras-shufflenetV2/issues/3
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a channel-shuffle step reshapes with the static height and width of a model built for any image size, so the target shape holds None entries that cannot become a tensor
"""The channel shuffle of a ShuffleNet V2 block, built for inputs of any size."""

from tensorflow import keras
from tensorflow.keras import backend as K


def channel_shuffle(x):
    height, width, channels = K.int_shape(x)[1:]
    channels_per_split = channels // 2
    x = K.reshape(x, [-1, height, width, 2, channels_per_split])  # EXPECT: graph-incompatible/static-shape-with-none-dimension
    x = K.permute_dimensions(x, (0, 1, 2, 4, 3))
    return K.reshape(x, [-1, height, width, channels])


inputs = keras.Input(shape=(None, None, 3))
x = keras.layers.Conv2D(32, 3, padding="same")(inputs)
outputs = keras.layers.Lambda(channel_shuffle)(x)
model = keras.Model(inputs, outputs)
print("output", model.output_shape)
