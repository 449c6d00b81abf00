# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "column" < 3
"""A Lambda layer's function reads a module-level index that the script changes later."""

import numpy as np
import tensorflow as tf

INDEX = 0

inputs = tf.keras.Input((3,))
picked = tf.keras.layers.Lambda(lambda t: t[:, INDEX : INDEX + 1])(inputs)  # EXPECT: TF601
model = tf.keras.Model(inputs, picked)
data = np.array([[0.0, 1.0, 2.0]], dtype="float32")
for INDEX in range(3):
    print("column", float(model.predict(data, verbose=0)[0, 0]))
