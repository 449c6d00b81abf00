# SOURCE: https://github.com/keras-team/keras/issues/9151
# SYMPTOM: traces >= 6
# DESCRIPTION: a reinforcement-learning script compiles its model again at every episode before fitting, so each compile discards the traced training step and the next fit traces a new one, and memory and time grow with the episodes
"""Fitting a value model once per episode with a customised loss."""

import numpy as np
import tensorflow as tf


def customized_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(5)])
x = np.random.rand(8, 4).astype("float32")
y = np.random.rand(8, 5).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(8)
for episode in range(6):
    model.compile(loss=customized_loss, optimizer="rmsprop")  # EXPECT: retracing/compile-called-in-loop
    model.fit(dataset, epochs=1, verbose=0)
print("done")
