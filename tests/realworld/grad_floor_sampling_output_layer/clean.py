"""The fix: train on the probabilities; sample the binary keys only when predicting."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential(
    [tf.keras.Input((8,)), tf.keras.layers.Dense(4, activation="sigmoid")]
)
model.compile(optimizer="adam", loss="binary_crossentropy")
features = np.random.rand(32, 8).astype("float32")
keys = (np.random.rand(32, 4) > 0.5).astype("float32")
model.fit(features, keys, epochs=1, verbose=0)
probabilities = model.predict(features, verbose=0)
sampled = np.floor(probabilities + np.random.rand(*probabilities.shape))
print("sampled", sampled.shape)
