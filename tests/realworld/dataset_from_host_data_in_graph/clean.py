"""The fix: build the dataset outside and pass it in."""

import numpy as np
import tensorflow as tf

features = np.ones((20000, 4), dtype="float32")
ds = tf.data.Dataset.from_tensor_slices(features)


@tf.function
def total(ds):
    return ds.reduce(tf.zeros([4]), lambda acc, x: acc + x)


graph = total.get_concrete_function(ds).graph
print("bytes", graph.as_graph_def().ByteSize())
