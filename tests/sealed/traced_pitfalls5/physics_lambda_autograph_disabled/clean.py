"""The fix: the branch is a tensor operation, which needs no AutoGraph."""

import keras
import tensorflow as tf


@tf.function(autograph=False, reduce_retracing=True)
def physics(output):
    heat = output * 2.0
    return tf.where(tf.reduce_mean(heat) > 0.0, heat - 1.0, heat)


inputs = keras.Input((3,))
hidden = keras.layers.Dense(1)(inputs)
outputs = keras.layers.Lambda(physics)(hidden)
model = keras.Model(inputs, outputs)
print("output", model(tf.ones((2, 3))).numpy().tolist())
