# SOURCE: https://github.com/tensorflow/tensorflow/issues/41329
# SYMPTOM: raises ValueError
"""tf.cond on a Keras Input while building a functional model (a model with a branch)."""

import tensorflow as tf
import keras

flag = keras.Input(shape=(), dtype="bool")
first = flag[0]
chosen = tf.cond(first, lambda: 1.0, lambda: 0.0)  # EXPECT: TF015
print("built", chosen)
