"""The fix: use tf.random.normal (the TF2 name of the removed tf.random_normal alias)."""

import tensorflow as tf

W = tf.Variable(initial_value=tf.random.normal(shape=(1, 4), mean=100, stddev=0.35), name="W")
b = tf.Variable(tf.zeros([4]), name="b")

x = tf.constant([[1.0], [2.0]])
y = tf.matmul(x, W) + b
print("[y]", y.shape)
