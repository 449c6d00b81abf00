"""The fix: tf.print, which runs on every call of the traced step."""

import sys

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(0.01)


@tf.function
def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if step % 2 == 0:
        tf.print("step", step, loss, output_stream=sys.stdout)
    return loss


for i in range(10):
    train_step(tf.random.uniform((8, 4)), tf.random.uniform((8, 1)), tf.constant(i))
