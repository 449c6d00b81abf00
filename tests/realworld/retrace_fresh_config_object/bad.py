# SOURCE: https://github.com/keiohta/tf2rl/issues/99
# SYMPTOM: traces >= 5
"""The policy passes a fresh Python options object to its traced action function each step."""

import tensorflow as tf


class Options:
    def __init__(self, noise):
        self.noise = noise


@tf.function
def get_action_body(state, options):
    return state * options.noise


for step in range(6):
    get_action_body(tf.ones([2]), Options(0.1))  # EXPECT: TF506
