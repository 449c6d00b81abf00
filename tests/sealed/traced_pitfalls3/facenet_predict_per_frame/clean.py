"""The fix: call the model directly on each small input, as Keras recommends for loops."""

import numpy as np
import tensorflow as tf

facenet = tf.keras.Sequential([tf.keras.Input((32, 32, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(16)])
frames = [np.random.rand(32, 32, 3).astype("float32") for _ in range(10)]

for frame in frames:
    embedding = facenet(frame[None], training=False).numpy()
print("embedding", embedding.shape)
