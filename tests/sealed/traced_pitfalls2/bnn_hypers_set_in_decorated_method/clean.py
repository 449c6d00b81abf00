"""The fix: keep the hyperparameters in a variable and assign the new values to it."""

import tensorflow as tf


class BayesianDense:
    def __init__(self, units):
        self.kernel = tf.Variable(tf.random.normal([3, units]))
        self.hypers = tf.Variable(tf.ones([units]))

    @tf.function
    def update_hypers(self, raw_hypers):
        self.hypers.assign(tf.math.softplus(raw_hypers))

    def log_prior(self):
        return -tf.reduce_sum(tf.square(self.kernel) / self.hypers)


layer = BayesianDense(2)
layer.update_hypers(tf.constant([0.5, 1.5]))
print("log prior", float(layer.log_prior()))
