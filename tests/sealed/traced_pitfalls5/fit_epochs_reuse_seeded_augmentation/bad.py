# SOURCE: https://github.com/tensorflow/tensorflow/issues/35682
# SYMPTOM: distinct "noise" < 4
# DESCRIPTION: a Keras training run sets a global seed for reproducibility and augments its data with a random op in the dataset map, and each epoch of fit replays the same random draws instead of new ones
"""Trains for several epochs on a randomly augmented dataset with a fixed global seed."""

import sys

import numpy as np
import keras
import tensorflow as tf

tf.random.set_seed(1)


def augment(x, y):
    noise = tf.random.uniform(())  # EXPECT: stale-capture/seeded-random-op-in-dataset-map-repeats-each-epoch
    tf.print("noise", noise, output_stream=sys.stdout)
    return x + noise, y


data = tf.data.Dataset.from_tensor_slices((np.zeros((3, 1), "float32"), np.zeros((3, 1), "float32")))
data = data.map(augment).batch(3)
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(data, epochs=2, verbose=0)
