# SOURCE: https://github.com/tensorflow/tensorflow/issues/40768
# SYMPTOM: raises TypeError
"""The batch size taken from tf.shape is turned into a Python int to size a Python loop."""

import tensorflow as tf


@tf.function
def to_document(sentences):
    n = int(tf.shape(sentences)[0])  # EXPECT: TF803
    return tf.add_n([sentences[i] for i in range(n)])


to_document(tf.ones([3, 4]))
