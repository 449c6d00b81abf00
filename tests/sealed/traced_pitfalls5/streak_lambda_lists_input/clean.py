"""The fix: the slices are the static channel axis, unstacked by their known count."""

import keras
import tensorflow as tf


def streak(x):
    frames = tf.unstack(x, axis=-1)
    shifted = [tf.roll(frame, shift=i, axis=1) for i, frame in enumerate(frames)]
    return tf.stack(shifted, axis=-1)


inputs = keras.Input((8, 8, 4))
streaked = keras.layers.Lambda(streak)(inputs)
model = keras.Model(inputs, streaked)
print("output", model.output_shape)
