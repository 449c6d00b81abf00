"""The anchors are a constant built once, outside the function."""

import numpy as np
import tensorflow as tf

ANCHORS = np.ones((1, 4), dtype="float32")


def with_anchors(x):
    return x * ANCHORS


inputs = tf.keras.Input((4,))
model = tf.keras.Model(inputs, tf.keras.layers.Lambda(with_anchors, output_shape=(4,))(inputs))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((5, 4)), np.ones((5, 4)), batch_size=2, epochs=1, verbose=0)
