"""The fix: -1 lets Reshape take the unknown number of boxes from each batch."""

import tensorflow as tf
from tensorflow.keras import layers as KL

num_classes = 5
rois = KL.Input((None, 16))
x = KL.Dense(num_classes * 4)(rois)
mrcnn_bbox = KL.Reshape((-1, num_classes, 4), name="mrcnn_bbox")(x)
model = tf.keras.Model(rois, mrcnn_bbox)
print(model.output_shape)
