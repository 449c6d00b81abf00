"""The fix: print from a pass-through layer placed on the output path, so tf.print is part
of the model's computation and runs at every training step."""

import sys

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers


class PrintOutputs(layers.Layer):
    def call(self, x):
        tf.print("outputs", tf.reduce_max(x), output_stream=sys.stdout)
        return x


inputs = keras.Input(shape=(128,), name="digits")
x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = layers.Dense(10, activation="softmax", name="predictions")(x)
outputs = PrintOutputs(name="print_outputs")(outputs)
model = keras.Model(inputs=inputs, outputs=outputs)

model.compile(optimizer=keras.optimizers.RMSprop(), loss=keras.losses.SparseCategoricalCrossentropy())

x_train = np.random.random_sample((100, 128)).astype("float32")
y_train = np.random.randint(0, 10, (100,))
model.fit(x_train, y_train, epochs=2, batch_size=50, verbose=0)
