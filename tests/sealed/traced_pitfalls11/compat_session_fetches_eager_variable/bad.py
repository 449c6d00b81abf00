# SOURCE: https://github.com/tensorflow/tensorflow/issues/51141
# SYMPTOM: raises TypeError
# DESCRIPTION: TF1-style code under TF2 creates a tf.Variable eagerly and then opens a tf.compat.v1.Session to run the global variables initializer and fetch the variable; the eager resource variable belongs to no session graph, so the session cannot fetch it
"""Initialise a weight matrix and print it, TF1 style."""

import tensorflow as tf

v1 = tf.Variable(tf.random.truncated_normal(shape=[4, 3], mean=0, stddev=1), name="v1")
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print("[v1]", sess.run(v1).shape)  # EXPECT: tf1-api/compat-v1-session-with-eager-variable
