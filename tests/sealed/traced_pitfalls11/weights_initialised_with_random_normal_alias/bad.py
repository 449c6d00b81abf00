# SOURCE: https://github.com/tensorflow/tensorflow/issues/36787
# SYMPTOM: raises AttributeError
# DESCRIPTION: a notebook creates its weight and bias variables with tf.Variable(initial_value=tf.random_normal(...)); TF2 removed the TF1 alias tf.random_normal (it is tf.random.normal), so creating the weights fails
"""Create the parameters of a small linear layer and apply it."""

import tensorflow as tf

W = tf.Variable(initial_value=tf.random_normal(shape=(1, 4), mean=100, stddev=0.35), name="W")  # EXPECT: tf1-api/tf-random-normal-alias
b = tf.Variable(tf.zeros([4]), name="b")

x = tf.constant([[1.0], [2.0]])
y = tf.matmul(x, W) + b
print("[y]", y.shape)
