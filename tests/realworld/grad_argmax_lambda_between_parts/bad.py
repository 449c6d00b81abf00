# SOURCE: https://github.com/eriklindernoren/Keras-GAN/issues/61
# SYMPTOM: number "first part moved" < 0.000001
"""A model in two parts joined by an argmax in a Lambda layer (the first part's class is fed
to the second): argmax has no gradient, so the first part never trains."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((6,))
scores = tf.keras.layers.Dense(4, activation="softmax")(inputs)
chosen = tf.keras.layers.Lambda(
    lambda s: tf.cast(tf.argmax(s, axis=-1), tf.float32)[:, None]  # EXPECT: TF922
)(scores)
output = tf.keras.layers.Dense(1)(chosen)
model = tf.keras.Model(inputs, output)
model.compile(optimizer="adam", loss="mse")

first = model.layers[1]
before = first.kernel.numpy().copy()
features = np.random.rand(32, 6).astype("float32")
targets = np.random.rand(32, 1).astype("float32")
model.fit(features, targets, epochs=2, verbose=0)
print("first part moved", float(np.abs(first.kernel.numpy() - before).max()))
