# SOURCE: https://github.com/ina-foss/inaFaceAnalyzer/issues/23
# SYMPTOM: traces >= 5
# DESCRIPTION: a video analysis script builds its face classifier anew for every video and calls predict_on_batch on it, so each new model traces its own prediction function and TensorFlow warns about retracing
"""Classifying the faces of several videos."""

import numpy as np
import tensorflow as tf


class FaceAnalyzer:
    def __init__(self):
        self.model = tf.keras.Sequential(
            [tf.keras.Input((16,)), tf.keras.layers.Dense(8, "relu"), tf.keras.layers.Dense(2)]
        )

    def __call__(self, faces):
        return self.model.predict_on_batch(faces)


videos = [np.random.rand(4, 16).astype("float32") for _ in range(6)]
for video in videos:
    analyzer = FaceAnalyzer()  # EXPECT: retracing/new-model-predict-per-iteration
    scores = analyzer(video)
print("scores", scores.shape)
