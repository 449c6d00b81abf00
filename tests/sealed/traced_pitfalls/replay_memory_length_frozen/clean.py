"""The fix: sample from the memory eagerly and pass the batch to the traced update as a tensor."""

import sys

import tensorflow as tf


class Agent:
    def __init__(self):
        self.memory = []
        self.q = tf.Variable(tf.zeros([4]))

    def remember(self, reward):
        self.memory.append(reward)

    @tf.function(reduce_retracing=True)
    def update(self, rewards):
        size = tf.shape(rewards)[0]
        tf.print("memory", size, output_stream=sys.stdout)
        self.q.assign_add(tf.ones([4]) / tf.cast(size, tf.float32))


agent = Agent()
for step in range(4):
    agent.remember(float(step))
    agent.update(tf.constant(agent.memory))
