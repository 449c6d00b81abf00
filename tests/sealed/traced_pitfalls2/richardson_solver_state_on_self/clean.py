"""The fix: keep the iterate in a tf.Variable and assign the update to it."""

import numpy as np
import tensorflow as tf


class Solver:
    def __init__(self, a, b, alpha=0.1):
        self.a = tf.constant(a)
        self.b = tf.constant(b)
        self.alpha = alpha
        self.x = tf.Variable(tf.zeros_like(self.b))

    @tf.function
    def step(self):
        residual = self.b - tf.linalg.matvec(self.a, self.x)
        self.x.assign(self.x + self.alpha * residual)
        return tf.reduce_sum(residual**2) / tf.reduce_sum(self.b**2)


rng = np.random.default_rng(0)
a = np.eye(4) + 0.1 * rng.standard_normal((4, 4))
solver = Solver(a, np.ones(4))
for i in range(5):
    print("loss", f"{float(solver.step()):.6e}")
