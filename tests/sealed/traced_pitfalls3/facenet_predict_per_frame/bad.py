# SOURCE: https://github.com/naemazam/Real-time-face-recognition-Using-Facenet/issues/3
# SYMPTOM: traces >= 10
# DESCRIPTION: a real-time recognition loop embeds each webcam frame's face with the model's predict method, which is meant for large batches and builds and traces a fresh input pipeline on every call, so the loop is slow and warns about retracing
"""Embedding the face in each video frame for recognition."""

import numpy as np
import tensorflow as tf

facenet = tf.keras.Sequential([tf.keras.Input((32, 32, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(16)])
frames = [np.random.rand(32, 32, 3).astype("float32") for _ in range(10)]

for frame in frames:
    embedding = facenet.predict(frame[None], verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
print("embedding", embedding.shape)
