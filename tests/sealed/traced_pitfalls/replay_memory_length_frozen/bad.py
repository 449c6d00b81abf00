# SOURCE: https://github.com/tensorflow/tensorflow/issues/40631
# SYMPTOM: distinct "memory" < 3
# DESCRIPTION: a traced update method reads the length of a Python list attribute that grows between calls; the length is frozen at its traced value
"""A Q-learning agent whose replay memory grows while its traced update runs."""

import sys

import tensorflow as tf


class Agent:
    def __init__(self):
        self.memory = []
        self.q = tf.Variable(tf.zeros([4]))

    def remember(self, reward):
        self.memory.append(reward)

    @tf.function
    def update(self):
        size = len(self.memory)  # EXPECT: stale-capture/python-list-read-in-traced-code
        tf.print("memory", size, output_stream=sys.stdout)
        self.q.assign_add(tf.ones([4]) / size)


agent = Agent()
for step in range(4):
    agent.remember(float(step))
    agent.update()
