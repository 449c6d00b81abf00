"""The index is fixed when each layer is built (a default argument): each model keeps its own."""

import numpy as np
import tensorflow as tf

data = np.array([[0.0, 1.0, 2.0]], dtype="float32")
for index in range(3):
    inputs = tf.keras.Input((3,))
    picked = tf.keras.layers.Lambda(lambda t, i=index: t[:, i : i + 1])(inputs)
    model = tf.keras.Model(inputs, picked)
    print("column", float(model.predict(data, verbose=0)[0, 0]))
