# SOURCE: https://github.com/tensorflow/tensorflow/issues/51584
# SYMPTOM: number "final_step" < 5
# DESCRIPTION: a traced method logs the loss with a Python integer step held on self and increments it with +=; the increment runs once, so every log line shows the same step
"""Logging a loss with its step from a traced training method."""

import sys

import tensorflow as tf


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.random.normal([2, 4]))
        self.optimizer = tf.keras.optimizers.Adam(0.4)
        self.step = 0

    @tf.function
    def run(self):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.ones([1, 4]) - tf.matmul([[7.0, 3.0]], self.w)))
        grads = tape.gradient(loss, [self.w])
        self.optimizer.apply_gradients(zip(grads, [self.w]))
        tf.print("step", self.step, "loss", loss, output_stream=sys.stdout)  # EXPECT: stale-capture/python-attribute-read-in-traced-code
        self.step += 1  # EXPECT: side-effect/counter-incremented-in-traced-code
        return loss


trainer = Trainer()
for i in range(10):
    trainer.run()
print("final_step", int(trainer.step))
