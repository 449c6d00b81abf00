"""A TF1 training module of the kind tf_upgrade_v2 was written for (a test input, never run)."""

import tensorflow as tf
from tensorflow.contrib import slim

flags = tf.flags
tf.flags.DEFINE_integer("hidden", 128, "hidden units")


def model(features, labels, keep_prob, mode):
    with tf.variable_scope("model", reuse=tf.AUTO_REUSE):
        hidden = tf.layers.dense(features, 128, kernel_initializer=tf.zeros_initializer())
        hidden = tf.nn.dropout(hidden, keep_prob)
        logits = tf.contrib.layers.fully_connected(hidden, 10)
    best = tf.argmax(logits, 1, "best")
    mean, variance = tf.nn.moments(logits, [0], None, "stats", True)
    loss = tf.reduce_mean(
        tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits, dim=-1)
    )
    picked = tf.where(tf.greater(logits, 0.0), logits, tf.zeros_like(logits))
    tf.summary.scalar("loss", loss)
    tf.logging.info("built %s", tf.to_float(best))
    optimizer = tf.train.AdamOptimizer(0.01)
    train_op = optimizer.minimize(loss, colocate_gradients_with_ops=True)
    iterator = dataset.make_one_shot_iterator()
    with tf.name_scope("eval", "eval", [logits]):
        accuracy = tf.metrics.accuracy(labels, best)
    with tf.device(lambda op: "/cpu:0"):
        total = tf.reduce_sum(loss, reduction_indices=[0], keep_dims=True)
    image = tf.image.resize_bilinear(features, [8, 8])
    return train_op, accuracy, mean, variance, picked, total, iterator, image, slim


def main():
    tf.disable_v2_behavior()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        tf.gfile.MakeDirs("/tmp/x")
