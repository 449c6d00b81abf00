"""The fix: call the model itself inside traced code; predict is for eager use."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

x = np.random.random((10, 16)).astype("float32")
model = keras.Sequential([keras.Input((16,)), keras.layers.Dense(32, activation="relu")])
y = model.predict(x, verbose=0)


@tf.function
def test(model, x):
    y = model(x, training=False)
    return y


y = test(model, tf.constant(x))
print("pred", y.shape)
