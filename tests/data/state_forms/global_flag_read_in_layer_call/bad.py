# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "output" < 2
"""A custom layer's call reads a module-level flag that the script flips between two predicts:
the second predict reuses the function the first traced, with the branch it took then."""

import numpy as np
import tensorflow as tf

TRAINING = True


class Branch(tf.keras.layers.Layer):
    def call(self, x):
        if TRAINING:  # EXPECT: TF601
            return x * 2.0
        return x


inputs = tf.keras.Input((4,))
model = tf.keras.Model(inputs, Branch()(inputs))
data = np.ones((1, 4), dtype="float32")
print("output", float(model.predict(data, verbose=0)[0, 0]))
TRAINING = False
print("output", float(model.predict(data, verbose=0)[0, 0]))
