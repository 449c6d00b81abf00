# SOURCE: https://github.com/tensorflow/tensorflow/issues/33997
# SYMPTOM: raises TypeError
# DESCRIPTION: a dataset map function extracts features with a pretrained model's high-level batch prediction method, which cannot run on the symbolic tensors of a traced map function
"""Precomputing image features with a pretrained backbone inside a tf.data pipeline."""

import numpy as np
import tensorflow as tf

backbone = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalAveragePooling2D()])


def extract(images):
    return backbone.predict(images, verbose=0)  # EXPECT: api-misuse/keras-predict-in-traced-code


images = np.random.rand(8, 16, 16, 3).astype("float32")
features = tf.data.Dataset.from_tensor_slices(images).batch(4).map(extract)
for batch in features:
    print("features", batch.shape)
