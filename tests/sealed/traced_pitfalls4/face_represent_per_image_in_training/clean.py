"""The fix: call the model directly (model(img)) instead of predict for single images."""

import numpy as np
import tensorflow as tf

embedder = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(8)])


def represent(img):
    return embedder(img[None], training=False).numpy()[0]


batch = np.random.rand(8, 16, 16, 3).astype("float32")
embeddings = [represent(img) for img in batch]
print("embeddings", np.stack(embeddings).shape)
