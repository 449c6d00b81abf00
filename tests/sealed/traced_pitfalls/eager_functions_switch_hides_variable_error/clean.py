"""The fix: keep the step traced and build the second optimizer's variables before using it."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])


@tf.function
def train_step(optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.executing_eagerly()


x, y = tf.random.normal([8, 4]), tf.random.normal([8, 1])
sgd = tf.keras.optimizers.SGD(0.01)
for step in range(2):
    train_step(sgd, x, y)
adam = tf.keras.optimizers.Adam(1e-3)
adam.build(model.trainable_variables)
for step in range(2):
    loss, eager = train_step(adam, x, y)
print("eager", int(eager))
