# SOURCE: https://github.com/serengil/deepface/issues/697
# SYMPTOM: traces >= 8
# DESCRIPTION: a training loop computes a face embedding for each image through a helper that calls the embedding model's predict method, one image per call, so predict sets up and traces a new function every call and memory creeps up until training slows down
"""Embedding faces one image at a time inside a training loop."""

import numpy as np
import tensorflow as tf

embedder = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(8)])


def represent(img):
    return embedder.predict(img[None], verbose=0)[0]  # EXPECT: retracing/keras-predict-called-per-item-in-loop


batch = np.random.rand(8, 16, 16, 3).astype("float32")
embeddings = [represent(img) for img in batch]
print("embeddings", np.stack(embeddings).shape)
