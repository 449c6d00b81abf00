# SOURCE: https://github.com/tensorflow/tensorflow/issues/38583
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom attention layer pads with keras.backend.zeros, which creates a variable, using a shape computed from the traced input
"""Relative-position attention that pads its logits with a column of zeros."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers


class RelToAbs(layers.Layer):
    def call(self, x):
        batch, length = tf.shape(x)[0], tf.shape(x)[1]
        col_pad = K.zeros(K.stack([batch, length, 1]))  # EXPECT: variable-creation/variable-created-in-traced-code
        return K.concatenate([x, col_pad], axis=2)


inputs = tf.keras.Input((6, 4))
outputs = layers.Dense(1)(layers.Flatten()(RelToAbs()(inputs)))
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(8, 6, 4), np.random.rand(8, 1), batch_size=4, epochs=1, verbose=0)
print("trained")
