# SOURCE: https://github.com/tensorflow/tensorflow/issues/37177
# SYMPTOM: raises NotImplementedError
"""A moment-matching loss uses np.abs on tensors inside the traced training step."""

import numpy as np
import tensorflow as tf

w = tf.Variable([[0.5, 0.5]])


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        fake = x * w
        loss_v = tf.reduce_mean(np.abs(tf.nn.moments(fake, [0])[1] - tf.nn.moments(x, [0])[1]))  # EXPECT: TF804
    return tape.gradient(loss_v, w)


train_step(tf.ones([4, 2]))
