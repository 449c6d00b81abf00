# SOURCE: https://github.com/titu1994/keras-attention-augmented-convs/issues/8
# ENV: TF_USE_LEGACY_KERAS=1
# SYMPTOM: raises TypeError
# DESCRIPTION: an attention layer pads its relative logits with the Keras backend's zeros, a variable factory that builds its value outside the traced call, so the shape tensor computed from the input inside call is out of scope there
"""Relative-position attention padding inside a custom Keras layer."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


class RelToAbs(tf.keras.layers.Layer):
    def call(self, x):
        B, L = tf.shape(x)[0], tf.shape(x)[1]
        col_pad = K.zeros(K.stack([B, L, 1]))  # EXPECT: variable-creation/variable-created-in-call
        return tf.concat([x, col_pad], axis=-1)


inputs = tf.keras.Input((5, 5))
outputs = tf.keras.layers.Flatten()(RelToAbs()(inputs))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(outputs))
print("out", model.predict(np.random.rand(2, 5, 5).astype("float32"), verbose=0).shape)
