# SOURCE: https://github.com/Ma-Dan/keras-yolo4/issues/18
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a detector head scales its features in a Lambda layer whose function creates a TensorFlow variable each time it runs; Lambda layers must be stateless, so Keras refuses the variable the traced call creates
"""A detector head with a learnable per-channel scale written as a Lambda."""

import numpy as np
import keras
import tensorflow as tf


def channel_scale(x):
    scale = tf.Variable(tf.ones((3,)), name="scale")  # EXPECT: variable-creation/variable-created-in-traced-code
    return x * scale


inputs = keras.Input((3,))
scaled = keras.layers.Lambda(channel_scale)(inputs)
outputs = keras.layers.Dense(1)(scaled)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3), "float32"), np.ones((8, 1), "float32"), epochs=1, verbose=0)
print("trained")
