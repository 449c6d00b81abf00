"""The fix: give the model its input shape, so it is built (and has variables) at once."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
variables = model.trainable_variables
optimizer = tf.keras.optimizers.SGD(0.1)

features = tf.random.normal((16, 2))
labels = tf.reduce_sum(features, axis=1, keepdims=True)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(features) - labels))
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(grads, variables))
