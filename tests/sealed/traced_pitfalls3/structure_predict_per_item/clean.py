"""The fix: call the model directly per structure (no predict pipeline), through one traced function."""

import functools

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, 4))
pooled = tf.keras.layers.GlobalAveragePooling1D()(tf.keras.layers.Dense(8, activation="relu")(inputs))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(pooled))


@tf.function(input_signature=[tf.TensorSpec([None, None, 4], tf.float32)])
def forward(batch):
    return model(batch, training=False)


def predict(structure):
    return float(forward(structure[None])[0, 0])


structures = [np.random.rand(5 + i, 4).astype("float32") for i in range(6)]
test_results = list(map(predict, structures))
print("predicted", len(test_results))
