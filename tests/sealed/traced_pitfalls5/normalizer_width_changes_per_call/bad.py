# SOURCE: https://github.com/tensorflow/tensorflow/issues/33180
# SYMPTOM: traces >= 4
# DESCRIPTION: a decorated scaling function is called in a loop on feature batches whose number of columns changes from call to call, so every new width traces a new graph
"""Scales feature batches of varying width with a compiled helper."""

import numpy as np
import tensorflow as tf


@tf.function
def scale_columns(batch):
    return batch / tf.reduce_max(tf.abs(batch))


rng = np.random.default_rng(0)
for width in (3, 3, 2, 1, 5, 4):
    batch = tf.convert_to_tensor(rng.standard_normal((4, width)).astype(np.float32))
    scaled = scale_columns(batch)  # EXPECT: retracing/shape-varies-between-calls
    print("scaled", width, float(tf.reduce_max(scaled)))
