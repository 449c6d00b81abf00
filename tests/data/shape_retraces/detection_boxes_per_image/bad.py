# SOURCE: https://github.com/tensorflow/tensorflow/issues/34025
# SYMPTOM: traces >= 4
"""Fine-tuning a detector on images with any number of ground-truth boxes each."""

import tensorflow as tf

box_head = tf.Variable(tf.fill([3, 4], 0.1))


@tf.function  # EXPECT: retracing/shape-varies-between-calls
def train_step_fn(image_tensors, groundtruth_boxes_list):
    with tf.GradientTape() as tape:
        features = tf.reduce_mean(image_tensors, axis=[1, 2])
        predicted = features @ box_head
        losses = [
            tf.reduce_mean((predicted[i][None, :] - boxes) ** 2)
            for i, boxes in enumerate(groundtruth_boxes_list)
        ]
        loss = tf.add_n(losses)
    box_head.assign_sub(0.1 * tape.gradient(loss, box_head))
    return loss


images = tf.reshape(tf.range(2 * 8 * 8 * 3, dtype=tf.float32) % 7.0, [2, 8, 8, 3]) / 7.0
for first, second in ((1, 3), (2, 2), (4, 1), (3, 5), (2, 4)):
    boxes = [tf.fill([first, 4], 0.5), tf.fill([second, 4], 0.25)]
    train_step_fn(images, boxes)
