# SOURCE: https://github.com/GoogleCloudPlatform/asl-ml-immersion/pull/424
# SYMPTOM: number "max pixel" < 0.01
# DESCRIPTION: a flower classifier's serving function decodes with tf.image.convert_image_dtype, which already scales to [0, 1], and then divides by 255 again, so predictions see images in [0, 1/255]
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(424)
jpeg = tf.io.encode_jpeg(tf.constant(rng.integers(0, 256, size=(48, 48, 3)), tf.uint8))


def preprocess(image_bytes):
    decoded = tf.io.decode_jpeg(image_bytes, channels=3)
    image = tf.image.convert_image_dtype(decoded, tf.float32)
    resized = tf.image.resize(image, [32, 32])
    return tf.cast(resized / 255.0, tf.float32)  # EXPECT: api-misuse/rescale-after-convert-image-dtype


pixels = preprocess(jpeg)
print("max pixel", float(tf.reduce_max(pixels)))
