# SOURCE: https://github.com/tensorflow/tensorflow/issues/37291
# SYMPTOM: raises TypeError
# DESCRIPTION: a two-input model is exported and reloaded, and its serving signature function is called with the input tensors as positional arguments; signature functions take keyword arguments only, so the call fails
"""Run a reloaded two-input detector through its serving signature."""

import tempfile

import numpy as np
import tensorflow as tf
import keras

image = keras.Input((16, 16, 3), name="input_1")
anchors = keras.Input((None, 4), name="input_4")
features = keras.layers.GlobalAveragePooling2D()(keras.layers.Conv2D(4, 3)(image))
boxes = keras.layers.Dense(4)(anchors) + keras.layers.Reshape((1, 4))(features)
model = keras.Model([image, anchors], boxes)

export_dir = tempfile.mkdtemp()
model.export(export_dir, verbose=False)

loaded = tf.saved_model.load(export_dir)
inference = loaded.signatures["serving_default"]
image_batch = np.random.rand(2, 16, 16, 3)
anchors_batch = np.random.rand(2, 5, 4)
outputs = inference(tf.constant(image_batch, dtype=tf.float32), tf.constant(anchors_batch, dtype=tf.float32))  # EXPECT: api-misuse/signature-called-with-positional-arguments
print("[outputs]", {name: value.shape for name, value in outputs.items()})
