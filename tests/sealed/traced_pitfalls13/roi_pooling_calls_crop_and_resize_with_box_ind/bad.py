# SOURCE: https://github.com/tensorflow/tensorflow/issues/34011
# SYMPTOM: raises TypeError
# DESCRIPTION: an ROI-pooling feature extractor crops one box per image from a batch of feature maps with tf.image.crop_and_resize(..., box_ind=...); TensorFlow 2 renamed the argument to box_indices
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(18)
feature_maps = tf.constant(rng.random((32, 12, 12, 64)), tf.float32)
boxes = tf.constant(np.tile([[0.1, 0.1, 0.8, 0.8]], (32, 1)), tf.float32)
batch_index = tf.range(32)


def roi_pool(features, rois, indices, size=(7, 7)):
    return tf.image.crop_and_resize(features, rois, box_ind=indices, crop_size=size)  # EXPECT: tf1-api/crop-and-resize-box-ind


pooled = roi_pool(feature_maps, boxes, batch_index)
print("pooled", pooled.shape)
