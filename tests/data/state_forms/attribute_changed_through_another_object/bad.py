# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "epsilon" < 3
"""A runner lowers its agent's Python epsilon between steps; the traced policy read it once."""

import tensorflow as tf


class Agent:
    def __init__(self):
        self.epsilon = 1.0

    @tf.function
    def act(self, q):
        return q * 0.0 + self.epsilon  # EXPECT: TF602


class Runner:
    def __init__(self, agent):
        self.agent = agent

    def run(self, steps):
        for _ in range(steps):
            print("epsilon", float(self.agent.act(tf.constant(1.0))))
            self.agent.epsilon *= 0.5


Runner(Agent()).run(3)
