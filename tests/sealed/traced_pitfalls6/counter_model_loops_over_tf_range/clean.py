"""The fix: the loop is an explicit tf.while_loop, which runs in the graph."""

import keras
import tensorflow as tf


class Counter(keras.Model):
    def call(self, x):
        _, x = tf.while_loop(lambda i, v: i < 5, lambda i, v: (i + 1, v + 1), (0, x))
        return x


model = Counter()


@tf.function
def run(x):
    return model(x)


print("result", float(run(tf.constant(5.0))))
