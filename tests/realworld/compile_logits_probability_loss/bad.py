# SOURCE: https://github.com/xiph/LPCNet/issues/97
# SYMPTOM: number "ACCURACY" < 0.8
"""The model ends in a Dense layer without an activation (logits), and is compiled with the
string loss "sparse_categorical_crossentropy", which expects probabilities: Keras clips the
logits and the model trains to chance."""

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
features = rng.randn(1024, 8).astype("float32")
labels = (features[:, 0] > 0).astype("int32") + 2 * (features[:, 1] > 0).astype("int32")

tf.random.set_seed(0)
inputs = tf.keras.Input(shape=(8,))
hidden = tf.keras.layers.Dense(32, activation="relu")(inputs)
logits = tf.keras.layers.Dense(4)(hidden)
model = tf.keras.Model(inputs, logits)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])  # EXPECT: TF934
history = model.fit(features, labels, epochs=20, batch_size=64, verbose=0)
print("ACCURACY", history.history["accuracy"][-1])
