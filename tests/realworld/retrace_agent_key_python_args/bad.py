# SOURCE: https://github.com/instadeepai/Mava/issues/346
# SYMPTOM: traces >= 5
"""A multi-agent executor's traced `_policy` is called with plain Python values (the agent's key
and the current exploration rate), so it traces again for new values and memory keeps growing."""

import tensorflow as tf


class Executor:
    def __init__(self):
        self.q_network = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
        self.epsilon = 1.0

    @tf.function
    def _policy(self, agent, observation, epsilon):
        q_values = self.q_network(observation)
        greedy = tf.argmax(q_values, axis=-1)
        explore = tf.random.uniform(()) < epsilon
        return tf.where(explore, tf.zeros_like(greedy), greedy)

    def select_actions(self, observations):
        actions = {}
        for agent, observation in observations.items():
            actions[agent] = self._policy(agent, observation, self.epsilon)  # EXPECT: TF501
        self.epsilon *= 0.9
        return actions


executor = Executor()
for step in range(4):
    executor.select_actions({"agent_0": tf.ones((1, 4)), "agent_1": tf.ones((1, 4))})
