# SOURCE: https://github.com/keras-team/keras/issues/5987
# SYMPTOM: raises AttributeError
"""A Lambda layer resizes images with NumPy; Keras calls it on symbolic tensors."""

import numpy as np
import keras


def resz(x):
    return np.repeat(np.repeat(x, 2, axis=1), 2, axis=2)  # EXPECT: TF801|TF804|TF870


model = keras.Sequential(
    [keras.Input((4, 4, 1)), keras.layers.Lambda(resz), keras.layers.Conv2D(2, 1)]
)
print(model.output_shape)
