"""The fix: in TF2 the data is passed as a tensor to ordinary (eager) code; the variables
are initialised on creation and no placeholder, session or feed_dict is needed."""

import numpy as np
import tensorflow as tf

n_visible = 24
n_hidden = 8
rng = np.random.default_rng(0)
songs = (rng.random((16, n_visible)) > 0.7).astype("float32")

W = tf.Variable(tf.random.normal([n_visible, n_hidden], 0.01), name="W")
bh = tf.Variable(tf.zeros([1, n_hidden], tf.float32, name="bh"))
bv = tf.Variable(tf.zeros([1, n_visible], tf.float32, name="bv"))


def sample(probs):
    return tf.floor(probs + tf.random.uniform(tf.shape(probs), 0, 1))


def gibbs_step(x):
    h = sample(tf.sigmoid(tf.matmul(x, W) + bh))
    return sample(tf.sigmoid(tf.matmul(h, tf.transpose(W)) + bv))


out = gibbs_step(tf.constant(songs)).numpy()
print("[sample]", out.shape)
