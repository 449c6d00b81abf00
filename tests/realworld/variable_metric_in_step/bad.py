# SOURCE: https://github.com/tensorflow/tensorflow/issues/40229
# SYMPTOM: raises ValueError
"""A running-mean metric is instantiated inside the traced evaluation step."""

import tensorflow as tf


@tf.function
def eval_step(values):
    mean = tf.keras.metrics.Mean()  # EXPECT: TF401
    mean.update_state(values)
    return mean.result()


eval_step(tf.constant([1.0, 2.0]))
eval_step(tf.constant([1.0, 2.0, 3.0]))
