"""The fix: use the Keras optimizer (tf.keras.optimizers.Adam(), or the string 'adam')."""

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
training_images = rng.random((256, 28, 28)).astype("float32")
training_labels = rng.integers(0, 10, size=256)

model = tf.keras.models.Sequential([
    tf.keras.Input(shape=(28, 28)),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(128, activation=tf.nn.relu),
    tf.keras.layers.Dense(10, activation=tf.nn.softmax),
])

model.compile(optimizer=tf.keras.optimizers.Adam(),
              loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])

history = model.fit(training_images, training_labels, epochs=1, verbose=0)
print("[loss]", round(history.history["loss"][-1], 3))
