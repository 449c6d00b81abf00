# SOURCE: https://github.com/matterport/Mask_RCNN/issues/1070
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
"""A box head reshapes to (num_rois, classes, 4) with num_rois read from a static shape that is None. Keras 2 (tf-keras) fails; Keras 3 reads None as -1."""

import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers as KL

num_classes = 5
rois = KL.Input((None, 16))
x = KL.Dense(num_classes * 4)(rois)
s = K.int_shape(x)
mrcnn_bbox = KL.Reshape((s[1], num_classes, 4), name="mrcnn_bbox")(x)  # EXPECT: TF897
model = tf.keras.Model(rois, mrcnn_bbox)
print(model.output_shape)
