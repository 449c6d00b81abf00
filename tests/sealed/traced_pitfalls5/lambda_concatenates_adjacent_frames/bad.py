# SOURCE: https://github.com/keras-team/keras/issues/14528
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a Lambda layer pairs adjacent frames of a video feature tensor by looping in Python over a range built from the tensor's dynamic shape, appending each pair to a Python list; Keras calls the function on symbolic inputs without AutoGraph, so it cannot infer the layer's output
"""Concatenates each frame's features with the next frame's in a functional model."""

import keras
import tensorflow as tf


def concatenate_adjacent(features):
    shape = tf.shape(features)
    pairs = []
    for i in tf.range(shape[1] - 1):  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
        pairs.append(tf.concat([features[:, i], features[:, i + 1]], axis=-1))  # EXPECT: leaked-tensor/list-append-in-tensor-loop
    return tf.stack(pairs, axis=1)


inputs = keras.Input((7, 6, 6, 4))
paired = keras.layers.Lambda(concatenate_adjacent)(inputs)
model = keras.Model(inputs, paired)
print("output", model.output_shape)
