# SOURCE: https://github.com/tensorflow/tensorflow/issues/39323
# SYMPTOM: raises TypeError
"""A traced function stores an intermediate tensor in a global for a later traced call."""

# TF 2.21 raises TypeError "... is out of scope and cannot be used here" where older releases
# raised InaccessibleTensorError.
import tensorflow as tf

tiled = None


@tf.function
def expand(x):
    global tiled
    tiled = tf.tile(x, [2, 1])  # EXPECT: TF301
    return tiled


@tf.function
def pad():
    return tf.pad(tiled, [[0, 1], [0, 0]])


expand(tf.ones([1, 3]))
pad()
