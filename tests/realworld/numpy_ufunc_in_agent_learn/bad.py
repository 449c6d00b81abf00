# SOURCE: https://github.com/tensorflow/tensorflow/issues/98779
# SYMPTOM: raises NotImplementedError
"""A DQN learn step computes targets with a NumPy ufunc on graph tensors."""

import numpy as np
import tensorflow as tf

q = tf.Variable([[0.1, 0.2], [0.3, 0.4]])


@tf.function
def agent_learn(rewards, gamma):
    max_qsa = tf.reduce_max(q, axis=-1)
    targets = np.maximum(rewards + gamma * max_qsa, 0.0)  # EXPECT: TF804
    return tf.reduce_mean(targets)


agent_learn(tf.constant([1.0, 0.0]), 0.99)
