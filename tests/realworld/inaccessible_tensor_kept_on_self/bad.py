# SOURCE: https://github.com/ageron/handson-ml2/issues/317
# SYMPTOM: raises TypeError
"""A model keeps a tensor computed in one traced call on `self` and reads it in another."""

# TF 2.21 raises TypeError "... is out of scope and cannot be used here" where older releases
# raised InaccessibleTensorError.
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0], [2.0]])

    @tf.function
    def forward(self, x):
        self.reconstruction = tf.matmul(x, self.w)  # EXPECT: TF301
        return self.reconstruction

    @tf.function
    def loss(self):
        return tf.reduce_mean(self.reconstruction)


model = Regressor()
model.forward(tf.ones([3, 2]))
model.loss()
