"""The learning rate is a tf.Variable the loop assigns: each step reads the current value."""

import tensorflow as tf

learning_rate = tf.Variable(0.1)
weight = tf.Variable(1.0)
optimizer = tf.keras.optimizers.SGD(learning_rate=lambda: learning_rate)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = weight * 1.0
    optimizer.apply_gradients([(tape.gradient(loss, weight), weight)])


for epoch in range(3):
    before = float(weight.numpy())
    train_step()
    print("delta", round(before - float(weight.numpy()), 6))
    learning_rate.assign(learning_rate / 2)
