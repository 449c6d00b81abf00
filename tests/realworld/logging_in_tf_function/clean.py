"""The fix: log from the eager loop, with the step's returned value."""

import logging
import sys

import tensorflow as tf

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(message)s")
log = logging.getLogger("train")
w = tf.Variable(1.0)


@tf.function
def train_step(x):
    w.assign_add(x)
    return w


for _ in range(4):
    log.info("training step %s", float(train_step(tf.constant(1.0))))
