"""The fix: no watch call; the tape records trainable variables by itself."""

import numpy as np
import keras
import tensorflow as tf

encoder = keras.Sequential([keras.Input((6,)), keras.layers.Dense(2)])
decoder = keras.Sequential([keras.Input((2,)), keras.layers.Dense(6)])
model = keras.Sequential([encoder, decoder])
optimizer = keras.optimizers.Adam(1e-3)
x = np.random.default_rng(0).random((10, 6)).astype("float32")


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - x))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(2):
    print("loss", float(train_step(x)))
