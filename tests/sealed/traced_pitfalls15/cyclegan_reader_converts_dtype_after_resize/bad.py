# SOURCE: https://github.com/vanhuyz/CycleGAN-TensorFlow/issues/38
# SYMPTOM: number "max pixel after preprocessing" >= 2
# DESCRIPTION: an image reader resizes a uint8 image before tf.image.convert_image_dtype, so the float input is only cast and the pixels stay in [0, 255] instead of [0, 1]
import numpy as np
import tensorflow as tf

IMAGE_SIZE = 32


def preprocess(image):
    image = tf.image.resize(image, size=(IMAGE_SIZE, IMAGE_SIZE))
    image = tf.image.convert_image_dtype(image, dtype=tf.float32)  # EXPECT: api-misuse/convert-image-dtype-on-float-input
    image = image * 2.0 - 1.0
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
    return image


raw = tf.constant(np.random.default_rng(38).integers(0, 256, (48, 48, 3)), tf.uint8)
out = preprocess(raw)
print("max pixel after preprocessing", float(tf.reduce_max(out)))
