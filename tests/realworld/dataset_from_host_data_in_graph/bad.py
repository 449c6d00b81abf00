# SOURCE: https://github.com/tensorflow/tensorflow/issues/44711
# SYMPTOM: number "bytes" >= 100000
"""A traced function builds a dataset from a host NumPy array, embedding it in the graph."""

import numpy as np
import tensorflow as tf

features = np.ones((20000, 4), dtype="float32")


@tf.function
def total():
    ds = tf.data.Dataset.from_tensor_slices(features)  # EXPECT: TF702
    return ds.reduce(tf.zeros([4]), lambda acc, x: acc + x)


graph = total.get_concrete_function().graph
print("bytes", graph.as_graph_def().ByteSize())
