"""Epsilon is a tf.Variable the runner assigns: the traced policy reads it on every call."""

import tensorflow as tf


class Agent:
    def __init__(self):
        self.epsilon = tf.Variable(1.0)

    @tf.function
    def act(self, q):
        return q * 0.0 + self.epsilon


class Runner:
    def __init__(self, agent):
        self.agent = agent

    def run(self, steps):
        for _ in range(steps):
            print("epsilon", float(self.agent.act(tf.constant(1.0))))
            self.agent.epsilon.assign(self.agent.epsilon * 0.5)


Runner(Agent()).run(3)
