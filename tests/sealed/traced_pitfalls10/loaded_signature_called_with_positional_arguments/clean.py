"""The fix: call the signature function with keyword arguments named after its inputs."""

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
outputs = inference(
    input_1=tf.constant(image_batch, dtype=tf.float32),
    input_4=tf.constant(anchors_batch, dtype=tf.float32),
)
print("[outputs]", {name: value.shape for name, value in outputs.items()})
