# SOURCE: https://github.com/tensorflow/tensorflow/issues/60848
# SYMPTOM: lines "mapping" < 4
"""A Dataset.map function prints each element; map traces the function once."""

import tensorflow as tf


def preprocess(x):
    print("mapping", x)  # EXPECT: TF201
    return x * 2


for _ in tf.data.Dataset.range(4).map(preprocess):
    pass
