"""The flag is a tf.Variable the traced call reads as a tensor: assigning it is seen by the
function predict traced before."""

import numpy as np
import tensorflow as tf

TRAINING = tf.Variable(True)


class Branch(tf.keras.layers.Layer):
    def call(self, x):
        return tf.cond(TRAINING, lambda: x * 2.0, lambda: x)


inputs = tf.keras.Input((4,))
model = tf.keras.Model(inputs, Branch()(inputs))
data = np.ones((1, 4), dtype="float32")
print("output", float(model.predict(data, verbose=0)[0, 0]))
TRAINING.assign(False)
print("output", float(model.predict(data, verbose=0)[0, 0]))
