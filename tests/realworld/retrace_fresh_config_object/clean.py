"""The fix: pass the value the function needs as a tensor."""

import tensorflow as tf


@tf.function
def get_action_body(state, noise):
    return state * noise


for step in range(6):
    get_action_body(tf.ones([2]), tf.constant(0.1))
