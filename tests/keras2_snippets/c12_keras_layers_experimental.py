# class: 12
# keras.layers.experimental.preprocessing from standalone keras.
import keras

rescale = keras.layers.experimental.preprocessing.Rescaling(1 / 255)  # EXPECT
print(rescale.scale)
