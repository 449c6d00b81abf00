# class: 14
# DESCRIPTION: (Keras 3 form) layers.experimental.preprocessing.Resizing and Rescaling in a resize_and_rescale block
# SOURCE: https://github.com/tensorflow/tensorflow/issues/56889
import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

IMAGE_SIZE = 4
resize_and_rescale = keras.Sequential([
    layers.Resizing(IMAGE_SIZE, IMAGE_SIZE),
    layers.Rescaling(1.0 / 255),
])
print(resize_and_rescale(np.full((1, 8, 8, 3), 255.0, "float32")).numpy().max())
