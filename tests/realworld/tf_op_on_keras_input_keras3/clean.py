"""The fix: a Keras layer (or keras.ops) joins Keras tensors."""

from tensorflow import keras


def build_model(width):
    inputs = keras.Input((8, 8, 4))
    x = keras.layers.Conv2D(width, 3, padding="same")(inputs)
    x = keras.layers.Concatenate(axis=-1)([x, inputs])
    x = keras.layers.GlobalAveragePooling2D()(x)
    return keras.Model(inputs, keras.layers.Dense(1)(x))


model = build_model(16)
print(model.count_params())
