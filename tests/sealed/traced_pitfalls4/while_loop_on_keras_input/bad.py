# SOURCE: https://github.com/tensorflow/tensorflow/issues/31848
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model computes a top-k style score by running tf.while_loop directly on the symbolic Keras input while the model is being built, instead of inside a layer's call, so the TensorFlow op is handed a Keras symbolic tensor and fails
"""Counting, per sample, how many scores exceed a running threshold inside a functional model."""

import numpy as np
import tensorflow as tf

scores = tf.keras.Input((5,))
logits = tf.keras.layers.Dense(5)(scores)


def body(i, acc):
    return i + 1, acc + tf.cast(logits[:, i] > 0.0, tf.float32)


_, count = tf.while_loop(lambda i, acc: i < 5, body, [0, tf.zeros_like(logits[:, 0])])  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
model = tf.keras.Model(scores, count)
print("count", model.predict(np.random.rand(3, 5), verbose=0).shape)
