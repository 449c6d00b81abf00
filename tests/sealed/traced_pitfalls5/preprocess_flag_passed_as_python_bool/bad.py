# SOURCE: https://apxml.com/courses/advanced-tensorflow/chapter-1-tensorflow-execution-graphs/practice-optimizing-tracing
# SYMPTOM: traces >= 2
# DESCRIPTION: a compiled preprocessing function takes an on/off option as a plain Python boolean, so each value of the option traces and keeps a separate graph instead of one graph that branches on a tensor
"""Preprocesses batches with an optional extra feature offset."""

import tensorflow as tf


@tf.function
def process(x, use_extra_feature=False):
    y = x * 2.0
    if use_extra_feature:
        y += 10.0
    return y


for step in range(6):
    batch = tf.fill([3], float(step))
    out = process(batch, use_extra_feature=step % 2 == 1)  # EXPECT: retracing/python-scalar-argument
    print("processed", step, out.numpy().tolist())
