# SOURCE: https://github.com/lshug/first-order-model-tf/issues/22
# SYMPTOM: traces >= 5
# DESCRIPTION: animate() defines its batch-slicing helper as a tf.function (with an input signature) inside its body and is called once per driving video; each call creates a new tf.function, so the helper is traced again for every video
"""Run a keypoint detector over driving videos batch by batch, one animate() call per video."""

import math

import numpy as np
import tensorflow as tf
from tensorflow import keras

kp_detector = keras.layers.Dense(10, name="kp_detector")


def animate(source_image, driving_video, kp_detector, batch_size=4):
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])  # EXPECT: retracing/tf-function-defined-inside-repeated-call
    def next_batch(x):
        return x[0:batch_size], x[batch_size:]

    l = len(driving_video)
    driving_video = tf.convert_to_tensor(driving_video)
    kp_source = kp_detector(source_image)
    predictions = []
    for i in range(math.ceil(l / batch_size)):
        driving_video_tensor, driving_video = next_batch(driving_video)
        kp_driving = kp_detector(driving_video_tensor)
        predictions.append((kp_driving - kp_source).numpy())
    return np.concatenate(predictions, 0)


source_image = np.random.rand(1, 16).astype("float32")
videos = [np.random.rand(12, 16).astype("float32") for _ in range(6)]
for video in videos:
    out = animate(source_image, video, kp_detector)
print("[frames]", out.shape[0])
