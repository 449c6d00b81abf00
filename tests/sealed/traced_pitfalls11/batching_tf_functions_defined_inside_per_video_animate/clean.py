"""The fix: define the batch-slicing tf.function once at module level, with the batch
size as a traced argument, so every animate() call reuses the same graph."""

import math

import numpy as np
import tensorflow as tf
from tensorflow import keras

kp_detector = keras.layers.Dense(10, name="kp_detector")


@tf.function(
    input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32), tf.TensorSpec(shape=(), dtype=tf.int32)]
)
def next_batch(x, batch_size):
    return x[0:batch_size], x[batch_size:]


def animate(source_image, driving_video, kp_detector, batch_size=4):
    l = len(driving_video)
    driving_video = tf.convert_to_tensor(driving_video)
    kp_source = kp_detector(source_image)
    predictions = []
    for i in range(math.ceil(l / batch_size)):
        driving_video_tensor, driving_video = next_batch(driving_video, tf.constant(batch_size))
        kp_driving = kp_detector(driving_video_tensor)
        predictions.append((kp_driving - kp_source).numpy())
    return np.concatenate(predictions, 0)


source_image = np.random.rand(1, 16).astype("float32")
videos = [np.random.rand(12, 16).astype("float32") for _ in range(6)]
for video in videos:
    out = animate(source_image, video, kp_detector)
print("[frames]", out.shape[0])
