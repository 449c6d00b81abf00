"""The model is an argument, so no input signature fits: relaxed shapes trace twice at most."""

import keras
import tensorflow as tf

keras.utils.set_random_seed(4)
model = keras.Sequential([keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(3)])
model.build((None, 6))
optimizer = keras.optimizers.SGD(0.01)


@tf.function(reduce_retracing=True)
def train(model, positions, velocities):
    with tf.GradientTape() as tape:
        predicted = positions + model(tf.concat([positions, velocities], axis=1))
        loss = tf.reduce_mean((predicted - (positions + velocities)) ** 2)
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return loss


for particles in (40, 55, 47, 62, 51, 58):
    positions = tf.random.stateless_uniform([particles, 3], seed=[particles, 1])
    velocities = tf.random.stateless_normal([particles, 3], seed=[particles, 2]) * 0.1
    train(model, positions, velocities)
