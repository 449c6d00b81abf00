# SOURCE: https://github.com/tensorflow/tensorflow/issues/36910
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a Lambda layer that shears (streaks) an image cube turns its input tensor into a Python list to shift each slice, and iterating over the symbolic input fails when the functional model is built, so Keras cannot infer the layer's output
"""A compressive-imaging model with a streaking Lambda layer."""

import keras
import tensorflow as tf


def streak(x):
    frames = list(x)  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
    shifted = [tf.roll(frame, shift=i, axis=0) for i, frame in enumerate(frames)]
    return tf.stack(shifted)


inputs = keras.Input((8, 8, 4))
streaked = keras.layers.Lambda(streak)(inputs)
model = keras.Model(inputs, streaked)
print("output", model.output_shape)
