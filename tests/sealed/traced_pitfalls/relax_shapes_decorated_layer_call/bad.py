# SOURCE: https://github.com/tensorflow/tensorflow/issues/34025
# SYMPTOM: stderr "experimental_relax_shapes is deprecated"
# DESCRIPTION: a Keras layer's call is decorated with tf.function and the deprecated experimental_relax_shapes option to stop retracing on variable-length inputs
"""A pose-estimation head fed images of different sizes."""

import tensorflow as tf


class PoseHead(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.conv = tf.keras.layers.Conv2D(15, 3, padding="same")

    @tf.function(experimental_relax_shapes=True)  # EXPECT: api-misuse/deprecated-relax-shapes|api-misuse/decorated-keras-call
    def call(self, images):
        return tf.reduce_mean(self.conv(images), axis=[1, 2])


head = PoseHead()
for size in (64, 80, 96):
    print("keypoints", head(tf.random.uniform([1, size, size, 3])).shape)
