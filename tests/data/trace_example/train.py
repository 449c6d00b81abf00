"""A small training script for the `tf2lint trace` test: one function retraces, one does not."""

import sys

import tensorflow as tf

weights = tf.Variable(1.0)


@tf.function
def scaled(x, factor):
    print("tracing scaled")  # Python print: runs only when the function traces
    return x * factor


@tf.function
def train_step(x):
    weights.assign_add(0.1 * x)
    return weights * x


def main(steps):
    for step in range(steps):
        scaled(tf.constant(2.0), step % 3)  # a Python int argument: one trace per new value
        train_step(tf.constant(1.0))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
