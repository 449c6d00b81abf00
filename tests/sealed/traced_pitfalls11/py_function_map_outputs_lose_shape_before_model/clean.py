"""The fix: set the known shapes on the py_function outputs inside the map function."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def load_and_preprocess_from_path_label(path, label):
    target = np.random.rand(2, 16, 16).astype("float32")
    label = np.random.rand(16, 16).astype("float32")
    return target, label


def load(single_input, single_target):
    target, label = tf.py_function(
        load_and_preprocess_from_path_label, [single_input, single_target], [tf.float32, tf.float32]
    )
    target.set_shape((2, 16, 16))
    label.set_shape((16, 16))
    return target, label


inputs_list = sorted(["{:05d}.npy".format(i) for i in range(8)])
targets_list = sorted(["{:05d}.npy".format(i) for i in range(8)])

ds = tf.data.Dataset.from_tensor_slices((inputs_list, targets_list))
image_label_ds = ds.map(load).batch(4)

model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(256), keras.layers.Reshape((16, 16))])
model.compile(optimizer="adam", loss="mse")
model.fit(image_label_ds, epochs=1, verbose=0)
print("[fit] done")
