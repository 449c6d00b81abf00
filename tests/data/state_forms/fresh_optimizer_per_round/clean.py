"""Each round wraps the step in a fresh tf.function, whose first trace may create variables."""

import tensorflow as tf


def step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def build():
    return tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])


def train(model, x, y):
    optimizer = tf.keras.optimizers.Adam()
    train_step = tf.function(step)
    for _ in range(2):
        train_step(model, optimizer, x, y)


x, y = tf.ones((4, 2)), tf.ones((4, 1))
train(build(), x, y)
train(build(), x, y)
