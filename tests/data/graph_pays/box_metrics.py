"""Detection metrics computed per evaluation batch: intersection over union of boxes."""

import tensorflow as tf

PAYS = ["batch_iou"]


def batch_iou(predicted, truth):
    y1 = tf.maximum(predicted[:, 0], truth[:, 0])
    x1 = tf.maximum(predicted[:, 1], truth[:, 1])
    y2 = tf.minimum(predicted[:, 2], truth[:, 2])
    x2 = tf.minimum(predicted[:, 3], truth[:, 3])
    intersection = tf.maximum(y2 - y1, 0.0) * tf.maximum(x2 - x1, 0.0)
    area_p = (predicted[:, 2] - predicted[:, 0]) * (predicted[:, 3] - predicted[:, 1])
    area_t = (truth[:, 2] - truth[:, 0]) * (truth[:, 3] - truth[:, 1])
    iou = intersection / (area_p + area_t - intersection + 1e-9)
    return tf.reduce_mean(iou), tf.reduce_mean(tf.cast(iou > 0.5, tf.float32))


base = tf.constant([[0.1, 0.1, 0.5, 0.5], [0.2, 0.3, 0.6, 0.9], [0.0, 0.0, 0.3, 0.4]])
scores = []
for step in range(300):
    shift = tf.cast(step % 10, tf.float32) / 100.0
    scores.append(batch_iou(base + shift, base))
