"""The fix: build each new optimizer's variables eagerly before the traced step uses it."""

import tensorflow as tf

x = tf.random.normal([32, 6])
y = tf.random.normal([32, 1])


@tf.function
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for units in (8, 16):
    model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(units), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.Adam(1e-3)
    optimizer.build(model.trainable_variables)
    for step in range(3):
        loss = train_step(model, optimizer, x, y)
    print("units", units, "loss", float(loss))
