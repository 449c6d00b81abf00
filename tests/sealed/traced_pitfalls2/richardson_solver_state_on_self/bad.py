# SOURCE: https://github.com/tensorflow/tensorflow/issues/42223
# SYMPTOM: distinct "loss" < 2
# DESCRIPTION: a traced solver step keeps its iterate as a plain tensor attribute and rebinds it in the step, so the attribute holds a graph tensor after tracing and every later call starts again from the value captured while tracing
"""An iterative (Richardson) solver for Ax = b with a decorated step."""

import numpy as np
import tensorflow as tf


class Solver:
    def __init__(self, a, b, alpha=0.1):
        self.a = tf.constant(a)
        self.b = tf.constant(b)
        self.alpha = alpha
        self.x = tf.zeros_like(self.b)

    @tf.function
    def step(self):
        residual = self.b - tf.linalg.matvec(self.a, self.x)  # EXPECT: stale-capture/python-attribute-read-in-traced-code|leaked-tensor/tensor-stored-on-object
        self.x = self.x + self.alpha * residual  # EXPECT: leaked-tensor/tensor-stored-on-object
        return tf.reduce_sum(residual**2) / tf.reduce_sum(self.b**2)


rng = np.random.default_rng(0)
a = np.eye(4) + 0.1 * rng.standard_normal((4, 4))
solver = Solver(a, np.ones(4))
for i in range(5):
    print("loss", f"{float(solver.step()):.6e}")
