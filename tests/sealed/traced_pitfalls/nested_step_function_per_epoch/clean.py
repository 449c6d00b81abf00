"""The fix: define the traced step once, at module level, and pass the batch to it."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.1)
x = tf.random.normal([16, 4])
y = tf.random.normal([16, 1])


@tf.function
def train_inner_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def train_step(x, y):
    return train_inner_step(x, y)


for epoch in range(6):
    print("loss", float(train_step(x, y)))
