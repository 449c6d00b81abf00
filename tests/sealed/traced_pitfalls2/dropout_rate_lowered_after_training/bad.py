# SOURCE: https://github.com/keras-team/keras/issues/8826
# SYMPTOM: number "loss after rate change" >= 0.1
# DESCRIPTION: the dropout rate of a trained model is changed by assigning a Python attribute of its layers, but the already traced training function keeps the rate it read while tracing
"""Turning dropout off to check that a model can overfit a small sample."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(100,))
x = tf.keras.layers.Dense(100, kernel_initializer="zeros", bias_initializer="ones", trainable=False)(inputs)
x = tf.keras.layers.Dropout(0.5)(x)
model = tf.keras.Model(inputs, x)
model.compile(optimizer="rmsprop", loss="mse")

data, target = np.ones((1, 100)), np.ones((1, 100))
print("loss with dropout", float(model.train_on_batch(data, target)))
for layer in model.layers:
    if isinstance(layer, tf.keras.layers.Dropout):
        layer.rate = 0.0  # EXPECT: stale-capture/python-attribute-read-in-traced-code
print("loss after rate change", float(model.train_on_batch(data, target)))
