# SOURCE: https://github.com/tensorflow/agents/issues/827
# SYMPTOM: distinct "epsilon_used" < 2
# DESCRIPTION: the training loop lowers an agent's Python epsilon attribute between steps, but the traced collect policy read it once while tracing and keeps exploring at the first value
"""A DQN-style agent whose exploration rate is decayed from the training loop."""

import tensorflow as tf


class Agent:
    def __init__(self, num_actions):
        self.num_actions = num_actions
        self._epsilon_greedy = 1.0
        self.q_net = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(num_actions)])

    @tf.function
    def collect_policy(self, observation):
        q_values = self.q_net(observation)
        greedy = tf.argmax(q_values, axis=-1, output_type=tf.int32)
        random = tf.random.uniform(tf.shape(greedy), 0, self.num_actions, dtype=tf.int32)
        epsilon = tf.constant(self._epsilon_greedy)  # EXPECT: stale-capture/python-attribute-read-in-traced-code
        action = tf.where(tf.random.uniform(tf.shape(greedy)) < epsilon, random, greedy)
        return action, epsilon


def decay(step):
    return max(0.01, 1.0 - step / 5)


agent = Agent(num_actions=3)
for step in range(5):
    agent._epsilon_greedy = decay(step)
    action, used = agent.collect_policy(tf.random.normal([8, 4]))
    print("epsilon_used", round(float(used), 3))
