"""The fix: under TF2 the variable is initialised when it is created and can be read
eagerly; no session or initializer is needed."""

import tensorflow as tf

v1 = tf.Variable(tf.random.truncated_normal(shape=[4, 3], mean=0, stddev=1), name="v1")
print("[v1]", v1.numpy().shape)
