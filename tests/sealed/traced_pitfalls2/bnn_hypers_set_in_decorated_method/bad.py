# SOURCE: https://github.com/alpha-davidson/TensorBNN/issues/2
# SYMPTOM: raises TypeError
# DESCRIPTION: a layer method decorated for graph execution stores derived hyperparameters on the object, so the attribute holds a graph tensor that later eager computations cannot use
"""A Bayesian dense layer whose prior scales are updated by a decorated setter."""

import tensorflow as tf


class BayesianDense:
    def __init__(self, units):
        self.kernel = tf.Variable(tf.random.normal([3, units]))
        self.hypers = tf.ones([units])

    @tf.function
    def update_hypers(self, raw_hypers):
        self.hypers = tf.math.softplus(raw_hypers)  # EXPECT: leaked-tensor/tensor-stored-on-object

    def log_prior(self):
        return -tf.reduce_sum(tf.square(self.kernel) / self.hypers)


layer = BayesianDense(2)
layer.update_hypers(tf.constant([0.5, 1.5]))
print("log prior", float(layer.log_prior()))
