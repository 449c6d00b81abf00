# SOURCE: https://github.com/lmoroney/dlaicourse/issues/23
# SYMPTOM: raises AttributeError
# DESCRIPTION: a course notebook's Fashion-MNIST classifier is compiled with optimizer=tf.train.AdamOptimizer(); under TF2 the TF1 optimizers are gone from tf.train (Keras optimizers replace them), so compiling the model fails
"""Train a small dense classifier on Fashion-MNIST-shaped data."""

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

model.compile(optimizer=tf.train.AdamOptimizer(),  # EXPECT: tf1-api/tf-train-optimizer
              loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])

history = model.fit(training_images, training_labels, epochs=1, verbose=0)
print("[loss]", round(history.history["loss"][-1], 3))
