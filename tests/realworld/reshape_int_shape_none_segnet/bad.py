# SOURCE: https://github.com/matterport/Mask_RCNN/issues/993
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
"""A segmentation head reshapes back to the static shape it read, whose height and width are None. Keras 2 (tf-keras) fails; Keras 3 reads None as -1."""

import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers as KL

num_seg_class = 3
inputs = KL.Input((None, None, 8))
out = KL.Conv2D(num_seg_class, 3, padding="same")(inputs)
s = K.int_shape(out)
out = KL.Reshape((-1, num_seg_class))(out)
out = KL.Activation("softmax")(out)
out = KL.Reshape((s[1], s[2], num_seg_class))(out)  # EXPECT: TF897
model = tf.keras.Model(inputs, out)
print(model.output_shape)
