"""The fix: keep the step and epsilon in tf.Variables and update them with TensorFlow ops."""

import sys

import tensorflow as tf


class EpsilonGreedyPolicy:
    def __init__(self, num_actions, decay_steps=2, decay_percentage=50):
        self._num_actions = num_actions
        self._epsilon = tf.Variable(1.0)
        self._current_step = tf.Variable(0)
        self._decay_steps = decay_steps
        self._decay_percentage = decay_percentage

    def _update_epsilon(self):
        if self._current_step % self._decay_steps == 0:
            self._epsilon.assign(tf.maximum(0.005, self._epsilon * (1 - self._decay_percentage / 100)))
        tf.print("Updated epsilon to", self._epsilon, output_stream=sys.stdout)

    def action(self, q_values):
        self._current_step.assign_add(1)
        self._update_epsilon()
        greedy = tf.argmax(q_values, axis=-1, output_type=tf.int32)
        random = tf.random.uniform(tf.shape(greedy), 0, self._num_actions, dtype=tf.int32)
        explore = tf.random.uniform(tf.shape(greedy)) < self._epsilon
        return tf.where(explore, random, greedy)


policy = EpsilonGreedyPolicy(num_actions=4)


@tf.function
def collect_step(q_values):
    return policy.action(q_values)


for step in range(8):
    collect_step(tf.random.normal([16, 4]))
print("steps_counted", int(policy._current_step))
