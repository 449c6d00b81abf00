# SOURCE: https://github.com/secondmind-labs/trieste/pull/785
# SYMPTOM: distinct "restart lengthscale" < 2
# DESCRIPTION: a Bayesian-optimisation script sets the global seed and draws random kernel hyperparameters for each optimiser restart through a helper that builds a new tf.function on every call, so each new trace gets the same random op seed and every restart starts from the same "random" hyperparameters
"""Random restarts of a kernel's lengthscale before fitting a model."""

import tensorflow as tf

tf.random.set_seed(1234)
lengthscale = tf.Variable(1.0)


def randomize_hyperparameters(prior_low, prior_high):
    @tf.function  # EXPECT: retracing/tf-function-defined-per-call
    def draw():
        if prior_high > prior_low:
            lengthscale.assign(tf.random.uniform((), prior_low, prior_high))
        return lengthscale

    return draw()


for restart in range(3):
    value = randomize_hyperparameters(tf.constant(0.1), tf.constant(5.0))
    print("restart lengthscale %.6f" % float(value))
