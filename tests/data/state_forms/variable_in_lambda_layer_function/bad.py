# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises ValueError
"""A Keras Lambda layer's function creates a tf.Variable to feed constant anchors."""

import numpy as np
import tensorflow as tf


def with_anchors(x):
    anchors = tf.Variable(tf.ones((1, 4)), trainable=False)  # EXPECT: TF401
    return x * anchors


inputs = tf.keras.Input((4,))
model = tf.keras.Model(inputs, tf.keras.layers.Lambda(with_anchors, output_shape=(4,))(inputs))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((5, 4)), np.ones((5, 4)), batch_size=2, epochs=1, verbose=0)
