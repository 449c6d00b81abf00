# SOURCE: https://github.com/tensorflow/agents/issues/300
# SYMPTOM: number "steps_counted" < 5
# DESCRIPTION: a custom epsilon-greedy policy counts steps and decays epsilon in Python inside its action method, which the training loop runs through a tf.function; the count, the decay and the print happen once, while tracing
"""An epsilon-greedy policy with a hand-written decay, used by a traced collect step."""

import tensorflow as tf


class EpsilonGreedyPolicy:
    def __init__(self, num_actions, decay_steps=2, decay_percentage=50):
        self._num_actions = num_actions
        self._epsilon = 1.0
        self._current_step = 0
        self._decay_steps = decay_steps
        self._decay_percentage = decay_percentage

    def _update_epsilon(self):
        if self._current_step % self._decay_steps == 0:
            self._epsilon = max(0.005, self._epsilon * (1 - self._decay_percentage / 100))  # EXPECT: side-effect/attribute-mutation-in-traced-code
        print("Updated epsilon to {0}".format(self._epsilon))  # EXPECT: side-effect/print-in-traced-code

    def action(self, q_values):
        self._current_step += 1  # EXPECT: side-effect/counter-incremented-in-traced-code
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
print("steps_counted", policy._current_step)
