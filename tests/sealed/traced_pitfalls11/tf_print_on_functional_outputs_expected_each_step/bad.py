# SOURCE: https://github.com/tensorflow/tensorflow/issues/33101
# SYMPTOM: lines "outputs" < 4
# DESCRIPTION: to see the model's outputs at every training iteration the author calls tf.print on the functional model's output tensor right after building it; that runs once, at construction, on the symbolic tensor, and never during fit
"""Digit classifier built with the functional API; print its outputs as it trains."""

import sys

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

inputs = keras.Input(shape=(128,), name="digits")
x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = layers.Dense(10, activation="softmax", name="predictions")(x)
tf.print("outputs", outputs, output_stream=sys.stdout)  # EXPECT: api-misuse/tf-print-on-symbolic-keras-tensor
model = keras.Model(inputs=inputs, outputs=outputs)

model.compile(optimizer=keras.optimizers.RMSprop(), loss=keras.losses.SparseCategoricalCrossentropy())

x_train = np.random.random_sample((100, 128)).astype("float32")
y_train = np.random.randint(0, 10, (100,))
model.fit(x_train, y_train, epochs=2, batch_size=50, verbose=0)
