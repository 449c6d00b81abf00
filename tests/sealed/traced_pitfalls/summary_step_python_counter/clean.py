"""The fix: keep the step in a tf.Variable and increment it with assign_add."""

import sys

import tensorflow as tf


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.random.normal([2, 4]))
        self.optimizer = tf.keras.optimizers.Adam(0.4)
        self.step = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def run(self):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.ones([1, 4]) - tf.matmul([[7.0, 3.0]], self.w)))
        grads = tape.gradient(loss, [self.w])
        self.optimizer.apply_gradients(zip(grads, [self.w]))
        tf.print("step", self.step, "loss", loss, output_stream=sys.stdout)
        self.step.assign_add(1)
        return loss


trainer = Trainer()
for i in range(10):
    trainer.run()
print("final_step", int(trainer.step))
