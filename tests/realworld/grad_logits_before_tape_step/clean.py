"""The fix: pass the images, and compute the logits inside the step's tape."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(3)])
cnn_optimizer = tf.keras.optimizers.Adam()
cross_entropy = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(images, labels):
    with tf.GradientTape() as cnn_tape:
        logits = model(images)
        loss = cross_entropy(labels, logits)
    gradient_of_cnn = cnn_tape.gradient(loss, model.trainable_variables)
    cnn_optimizer.apply_gradients(zip(gradient_of_cnn, model.trainable_variables))


images = tf.random.normal((4, 8))
labels = tf.constant([0, 1, 2, 1])
for _ in range(2):
    train_step(images, labels)
