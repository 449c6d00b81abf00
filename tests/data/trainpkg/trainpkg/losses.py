"""Losses, called from the training step in train.py."""

import tensorflow as tf

seen_batches = []


def weighted_loss(labels, logits, weight):
    seen_batches.append(1)
    loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(labels, logits))
    return loss * weight
