# SOURCE: https://github.com/nekitmm/DLPacker/issues/13
# SYMPTOM: raises ValueError
"""A model-building function that worked on TF 2.15 applies TF ops to Keras tensors; TF 2.16 brings Keras 3."""

import tensorflow as tf
from tensorflow import keras


def build_model(width):
    inputs = keras.Input((8, 8, 4))
    x = keras.layers.Conv2D(width, 3, padding="same")(inputs)
    x = tf.concat([x, inputs], axis=-1)  # EXPECT: TF015
    x = keras.layers.GlobalAveragePooling2D()(x)
    return keras.Model(inputs, keras.layers.Dense(1)(x))


model = build_model(16)
print(model.count_params())
