# SOURCE: https://github.com/keras-team/keras/issues/13671
# SYMPTOM: raises AttributeError
# DESCRIPTION: Keras Model.predict, which builds its own data pipeline and returns NumPy arrays, is called inside a tf.function
"""Using a small Keras model's predict from a traced helper."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

x = np.random.random((10, 16)).astype("float32")
model = keras.Sequential([keras.Input((16,)), keras.layers.Dense(32, activation="relu")])
y = model.predict(x, verbose=0)


@tf.function
def test(model, x):
    y = model.predict(x, steps=1, verbose=0)  # EXPECT: api-misuse/keras-predict-in-traced-code
    return y


y = test(model, tf.constant(x))
print("pred", y.shape)
