# SOURCE: https://github.com/tensorlayer/SRGAN/issues/143
# SYMPTOM: stderr "Gradients do not exist for variables"
"""A training step asks the tape for the gradient of every weight of a model with batch
normalization: its moving mean and variance are not trainable, their gradients are None, and
the optimizer warns about them on every step."""

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
    grads = tape.gradient(loss, model.weights)  # EXPECT: TF916
    optimizer.apply_gradients(zip(grads, model.weights))
