"""The fix: the dataset is repeated across epochs, so each epoch draws fresh noise."""

import sys

import numpy as np
import keras
import tensorflow as tf

tf.random.set_seed(1)


def augment(x, y):
    noise = tf.random.uniform(())
    tf.print("noise", noise, output_stream=sys.stdout)
    return x + noise, y


data = tf.data.Dataset.from_tensor_slices((np.zeros((3, 1), "float32"), np.zeros((3, 1), "float32")))
data = data.map(augment).batch(3).repeat()
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(data, epochs=2, steps_per_epoch=1, verbose=0)
