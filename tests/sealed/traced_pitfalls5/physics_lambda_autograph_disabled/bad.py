# SOURCE: https://github.com/tensorflow/tensorflow/issues/60604
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a Lambda layer computes a building-physics formula in a function compiled with AutoGraph explicitly turned off, and the formula branches with a Python if on a tensor value, which cannot be evaluated without AutoGraph
"""A network whose output goes through a physics formula in a Lambda layer."""

import keras
import tensorflow as tf


@tf.function(autograph=False, reduce_retracing=True)  # EXPECT: api-misuse/autograph-disabled-with-tensor-control-flow
def physics(output):
    heat = output * 2.0
    if tf.reduce_mean(heat) > 0.0:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
        heat = heat - 1.0
    return heat


inputs = keras.Input((3,))
hidden = keras.layers.Dense(1)(inputs)
outputs = keras.layers.Lambda(physics)(hidden)
model = keras.Model(inputs, outputs)
print("output", model(tf.ones((2, 3))).numpy().tolist())
