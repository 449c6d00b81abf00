# SOURCE: https://github.com/ZhaoJ9014/Multi-Human-Parsing/issues/14
# SYMPTOM: raises TypeError
# DESCRIPTION: a segmentation loss passes the label mask, loaded as float32, straight to sparse_softmax_cross_entropy_with_logits, whose labels must be integer class ids
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
logits = tf.constant(rng.normal(size=(2, 8, 8, 5)).astype("float32"))
mask = tf.constant(rng.integers(0, 5, size=(2, 8, 8)).astype("float32"))


@tf.function
def seg_loss(logits, mask):
    lab = tf.reshape(mask, [-1])
    flat_logits = tf.reshape(logits, [-1, 5])
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=flat_logits, labels=lab))  # EXPECT: api-misuse/float-labels-to-sparse-cross-entropy


print("loss", float(seg_loss(logits, mask)))
