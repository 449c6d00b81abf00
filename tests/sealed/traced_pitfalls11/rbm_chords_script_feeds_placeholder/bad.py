# SOURCE: https://github.com/llSourcell/Music_Generator_Demo/issues/27
# SYMPTOM: raises AttributeError
# DESCRIPTION: a restricted-Boltzmann-machine music generator written for TF1 declares its visible units as tf.placeholder and runs a Gibbs step in tf.Session with feed_dict; TF2 removed placeholders and sessions from the top-level API (functions take tensors directly), so the script fails at the placeholder
"""One Gibbs sampling step of a small RBM over piano-roll chords."""

import numpy as np
import tensorflow as tf

n_visible = 24
n_hidden = 8
rng = np.random.default_rng(0)
songs = (rng.random((16, n_visible)) > 0.7).astype("float32")

x = tf.placeholder(tf.float32, [None, n_visible], name="x")  # EXPECT: tf1-api/tf-placeholder
W = tf.Variable(tf.random.normal([n_visible, n_hidden], 0.01), name="W")
bh = tf.Variable(tf.zeros([1, n_hidden], tf.float32, name="bh"))
bv = tf.Variable(tf.zeros([1, n_visible], tf.float32, name="bv"))


def sample(probs):
    return tf.floor(probs + tf.random.uniform(tf.shape(probs), 0, 1))


h = sample(tf.sigmoid(tf.matmul(x, W) + bh))
x_sample = sample(tf.sigmoid(tf.matmul(h, tf.transpose(W)) + bv))

with tf.Session() as sess:  # EXPECT: tf1-api/tf-session
    sess.run(tf.global_variables_initializer())
    out = sess.run(x_sample, feed_dict={x: songs})
print("[sample]", out.shape)
