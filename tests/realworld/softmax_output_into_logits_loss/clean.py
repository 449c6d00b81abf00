# SOURCE: https://github.com/exelban/tensorflow-cifar-10/issues/6
"""The fix suggested in the thread: no activation on the output layer, so the loss that
applies the softmax gets logits."""

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
images = rng.randn(512, 16).astype("float32")
classes = (images[:, 0] > 0).astype("int32") + 2 * (images[:, 1] > 0).astype("int32")
labels = tf.one_hot(classes, 4)

tf.random.set_seed(0)
model = tf.keras.Sequential(
    [
        tf.keras.Input(shape=(16,)),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(4),
    ]
)
optimizer = tf.keras.optimizers.Adam(0.01)

for step in range(200):
    with tf.GradientTape() as tape:
        logits = model(images)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))

print("LOSS", float(loss))
