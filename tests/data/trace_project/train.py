"""A training script for `tf2lint trace` tests: each scenario has a known answer.

`python train.py [SCENARIO ...]` runs the named scenarios (default: all, in this order).
"""

import sys

import helpers
import tensorflow as tf
from model import Noisy, Regressor


@tf.function
def scale(x, factor):
    return x * factor


def counter():  # a Python int argument: one trace per value, 4 traces in 4 calls
    for step in range(4):
        scale(tf.constant(2.0), step)


class Options:
    def __init__(self, rate):
        self.rate = rate


@tf.function
def apply(x, options):
    return x * options.rate


def object_per_call():  # a new plain object per call: traced by identity, 3 traces
    for _ in range(3):
        apply(tf.constant(1.0), Options(0.5))


@tf.function
def total(x):
    return tf.reduce_sum(x)


def shapes():  # a new shape per call: 3 traces, no rule predicts it (TF598 sees no size)
    for batch in (tf.ones([2]), tf.ones([3]), tf.ones([4])):
        total(batch)


class Accumulator(tf.Module):
    def __init__(self):
        super().__init__()
        self.sum = None

    @tf.function
    def add(self, x):
        if self.sum is None:
            self.sum = tf.Variable(0.0)
        self.sum.assign_add(x)
        return self.sum


def first_call_variables():  # variables made on the first call: 2 traces, 0 retraces
    accumulator = Accumulator()
    for _ in range(5):
        accumulator.add(tf.constant(1.0))


def keras_print():  # print in a Keras call: runs while Keras traces its step, not per step
    model = Regressor()
    model.compile(optimizer="sgd", loss="mse")
    model.fit(tf.ones([16, 3]), tf.zeros([16, 1]), batch_size=4, epochs=2, verbose=0)


noisy = Noisy()


@tf.function
def noisy_step(x):
    y = noisy(x, training=True)
    count = tf.Variable(0.0)
    return y + count


def singleton_variables():  # TF's second trace makes the Dropout's variable again: ValueError
    try:
        noisy_step(tf.ones([2, 3]))
    except ValueError as error:
        print("caught", type(error).__name__)


def helper_error():  # an error raised in a helper module, inside a traced function
    helpers.summarize(tf.ones([2]))


SCENARIOS = {
    "counter": counter,
    "object": object_per_call,
    "shapes": shapes,
    "variables": first_call_variables,
    "keras": keras_print,
    "singleton": singleton_variables,
    "error": helper_error,
}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(SCENARIOS):
        SCENARIOS[name]()
