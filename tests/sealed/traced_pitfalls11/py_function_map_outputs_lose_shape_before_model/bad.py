# SOURCE: https://github.com/tensorflow/tensorflow/issues/28257
# SYMPTOM: raises ValueError
# DESCRIPTION: Dataset.map wraps a NumPy loader in tf.py_function returning fixed-size input/target arrays, and the dataset goes straight to a model; py_function outputs carry no static shape, so the model cannot build its layers on the batches
"""Load (input, target) pairs from .npy paths with Python code and train on them."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def load_and_preprocess_from_path_label(path, label):
    target = np.random.rand(2, 16, 16).astype("float32")
    label = np.random.rand(16, 16).astype("float32")
    return target, label


inputs_list = sorted(["{:05d}.npy".format(i) for i in range(8)])
targets_list = sorted(["{:05d}.npy".format(i) for i in range(8)])

ds = tf.data.Dataset.from_tensor_slices((inputs_list, targets_list))
image_label_ds = ds.map(
    lambda single_input, single_target: tuple(
        tf.py_function(load_and_preprocess_from_path_label, [single_input, single_target], [tf.float32, tf.float32])  # EXPECT: api-misuse/py-function-output-shape-not-set
    )
).batch(4)

model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(256), keras.layers.Reshape((16, 16))])
model.compile(optimizer="adam", loss="mse")
model.fit(image_label_ds, epochs=1, verbose=0)
print("[fit] done")
