"""The fix: ask for (and apply) the trainable weights only; batch normalization updates its
statistics itself when called with training=True."""

import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.Input((4,)),
        tf.keras.layers.Dense(8),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.Dense(1),
    ]
)
optimizer = tf.keras.optimizers.SGD(0.01)
features = tf.random.normal((16, 4))
targets = tf.random.normal((16, 1))
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(features, training=True) - targets))
    grads = tape.gradient(loss, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
