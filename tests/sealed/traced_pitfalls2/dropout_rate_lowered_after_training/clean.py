"""The fix: compile again after changing the rate, so the training function is traced anew."""

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
        layer.rate = 0.0
model.compile(optimizer="rmsprop", loss="mse")
print("loss after rate change", float(model.train_on_batch(data, target)))
