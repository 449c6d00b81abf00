# SOURCE: https://github.com/tensorflow/tensorflow/issues/32157
# SYMPTOM: lines "training step" < 4
"""Python logging inside the traced step logs once, at trace time."""

import logging
import sys

import tensorflow as tf

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(message)s")
log = logging.getLogger("train")
w = tf.Variable(1.0)


@tf.function
def train_step(x):
    w.assign_add(x)
    log.info("training step %s", w)  # EXPECT: side-effect/logging-in-traced-code
    return w


for _ in range(4):
    train_step(tf.constant(1.0))
