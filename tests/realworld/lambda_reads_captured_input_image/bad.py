# SOURCE: https://github.com/matterport/Mask_RCNN/issues/3038
# SYMPTOM: raises NotImplementedError
"""Mask R-CNN's inputs normalise the ground-truth boxes in a Lambda layer whose function reads
the image Input from the enclosing code (for its height and width) instead of its own
argument: under Keras 3 that symbolic tensor has no value inside the layer, and the model
cannot be built."""

import tensorflow as tf
from tensorflow.keras import layers as KL


def norm_boxes_graph(boxes, shape):
    h, w = tf.split(tf.cast(shape, tf.float32), 2)
    scale = tf.concat([h, w, h, w], axis=-1) - tf.constant(1.0)
    shift = tf.constant([0.0, 0.0, 1.0, 1.0])
    return tf.divide(boxes - shift, scale)


input_image = KL.Input(shape=[64, 64, 3], name="input_image")
input_gt_boxes = KL.Input(shape=[None, 4], name="input_gt_boxes")
gt_boxes = KL.Lambda(lambda x: norm_boxes_graph(x, tf.shape(input_image)[1:3]))(input_gt_boxes)  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-lambda
model = tf.keras.Model([input_image, input_gt_boxes], gt_boxes)
print(model([tf.ones((1, 64, 64, 3)), tf.ones((1, 2, 4))]).shape)
