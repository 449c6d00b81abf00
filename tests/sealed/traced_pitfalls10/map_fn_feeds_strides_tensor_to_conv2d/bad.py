# SOURCE: https://github.com/tensorflow/tensorflow/issues/37460
# SYMPTOM: raises TypeError
# DESCRIPTION: inside a traced function, map_fn slices a per-example strides tensor out of its elements and passes it to a convolution; the stride is a static attribute of the op and must be Python integers, so the traced call fails
"""Convolve each example with its own kernel and stride."""

import tensorflow as tf


@tf.function
def g3(a, b, s):
    return tf.map_fn(
        lambda x: tf.nn.conv2d(tf.expand_dims(x[0], 0), x[1], x[2], "VALID"),  # EXPECT: graph-incompatible/tensor-passed-as-static-op-attribute
        [a, b, s],
        fn_output_signature=a.dtype,
        parallel_iterations=16,
    )


q = tf.random.uniform((16, 20, 20, 5))
r = tf.random.uniform((16, 5, 5, 5, 2))
stri = tf.tile(tf.constant([[2, 2]]), [16, 1])
print("[shape]", g3(q, r, stri).shape)
