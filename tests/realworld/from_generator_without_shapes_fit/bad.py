# SOURCE: https://github.com/tensorflow/tensorflow/issues/32912
# SYMPTOM: raises ValueError
"""A dataset from a generator, given only its types, has elements of unknown rank; Keras cannot build on them."""

import numpy as np
import tensorflow as tf


def generate():
    for _ in range(8):
        yield np.ones(4, np.float32), np.float32(1.0)


dataset = tf.data.Dataset.from_generator(generate, output_types=(tf.float32, tf.float32))  # EXPECT: TF861
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
history = model.fit(dataset.batch(4), epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
