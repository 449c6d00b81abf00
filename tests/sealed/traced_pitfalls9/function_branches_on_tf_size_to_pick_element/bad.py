# SOURCE: https://github.com/tensorflow/tensorflow/issues/38539
# SYMPTOM: raises ValueError
# DESCRIPTION: a tf.function picks an element with a Python if on tf.size of the input; both branches are traced, and the branch that indexes element 1 fails for a one-element input although it would never run
"""Pick the second element of a pair, else the first."""

import tensorflow as tf


@tf.function
def test_function(tensor):
    if tf.size(tensor) == 2:  # EXPECT: graph-incompatible/tensor-condition-guards-static-indexing
        return tensor[1]
    else:
        return tensor[0]


print("[picked]", int(test_function(tf.constant([1, 2]))))
print("[picked]", int(test_function(tf.constant([1]))))
