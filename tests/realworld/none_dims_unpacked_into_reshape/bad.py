# SOURCE: https://github.com/maestrojeong/deformable_convnet/issues/2
# SYMPTOM: raises TypeError
"""The static shape of an image of any size is unpacked and used to reshape: its None sizes fail."""

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([1, None, None, 3], tf.float32)])
def offset_map(inputs):
    batch, height, width, channels = inputs.shape
    return tf.reshape(inputs, [batch, height, width, channels, 1])  # EXPECT: TF897


print("shape", offset_map(tf.ones([1, 5, 5, 3])).shape)
