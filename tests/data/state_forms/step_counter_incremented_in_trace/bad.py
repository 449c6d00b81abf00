# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "step" < 3
"""A traced method logs with a Python int step on self and increments it, once, while tracing."""

import tensorflow as tf


class Trainer:
    def __init__(self):
        self.step = 0

    @tf.function
    def train(self, x):
        logged = tf.cast(self.step, tf.float32) + x * 0.0  # EXPECT: TF602
        self.step += 1
        return logged


trainer = Trainer()
for _ in range(3):
    print("step", float(trainer.train(tf.constant(1.0))))
