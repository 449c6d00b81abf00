"""The fix: the annealed values are passed as tensors."""

import tensorflow as tf

w = tf.Variable([1.0, 2.0])


@tf.function
def train_step(x, learning_rate, temperature):
    loss = tf.reduce_sum(tf.nn.softmax(w * x / temperature))
    w.assign_sub(learning_rate * w * loss)
    return loss


step, learning_rate, temperature = 0, 0.1, 1.0
while step < 6:
    train_step(tf.constant([1.0, 1.0]), tf.constant(learning_rate), tf.constant(temperature))
    learning_rate *= 0.9
    temperature *= 0.95
    step += 1
