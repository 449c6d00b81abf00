"""The step is a tf.Variable incremented with assign_add: it advances on every call."""

import tensorflow as tf


class Trainer:
    def __init__(self):
        self.step = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def train(self, x):
        logged = tf.cast(self.step, tf.float32) + x * 0.0
        self.step.assign_add(1)
        return logged


trainer = Trainer()
for _ in range(3):
    print("step", float(trainer.train(tf.constant(1.0))))
