import numpy as np
import tensorflow as tf


def bilinear_upsample_weights(factor, channels):
    size = 2 * factor - factor % 2
    center = factor - 1 if size % 2 == 1 else factor - 0.5
    og = np.ogrid[:size, :size]
    kernel = (1 - abs(og[0] - center) / factor) * (1 - abs(og[1] - center) / factor)
    weights = np.zeros((size, size, channels, channels), dtype=np.float32)
    for i in range(channels):
        weights[:, :, i, i] = kernel
    return tf.constant(weights)


def deconv_upsample(inputs, factor, name, padding="SAME"):
    with tf.name_scope(name):
        stride_shape = [1, factor, factor, 1]
        input_shape = tf.shape(inputs)
        num_filters_in = inputs.shape[-1]
        output_shape = tf.stack([input_shape[0], input_shape[1] * factor, input_shape[2] * factor, num_filters_in])
        weights = bilinear_upsample_weights(factor, num_filters_in)
        return tf.nn.conv2d_transpose(inputs, weights, output_shape, stride_shape, padding=padding)


features = tf.random.stateless_uniform((1, 14, 14, 4), seed=(1, 2))
upsampled = deconv_upsample(features, 2, "upsample_1")
print("upsampled shape", upsampled.shape)
