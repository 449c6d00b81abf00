"""The fix: boxes padded to a fixed maximum count with a mask, so every call has the same shapes."""

import numpy as np
import tensorflow as tf

MAX_BOXES = 8
backbone = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(4)])
optimizer = tf.keras.optimizers.SGD(0.01)


@tf.function
def train_step(image, boxes, mask):
    with tf.GradientTape() as tape:
        pred = backbone(image)
        err = tf.reduce_sum(tf.square(boxes - pred[:, None, :]), axis=-1)
        loss = tf.reduce_sum(err * mask) / tf.reduce_sum(mask) / 4.0
    grads = tape.gradient(loss, backbone.trainable_variables)
    optimizer.apply_gradients(zip(grads, backbone.trainable_variables))
    return loss


rng = np.random.default_rng(0)
for step in range(6):
    image = rng.random((1, 16, 16, 3), dtype="float32")
    boxes = rng.random((1, step + 1, 4), dtype="float32")
    padded = np.zeros((1, MAX_BOXES, 4), "float32")
    padded[:, : step + 1] = boxes
    mask = np.zeros((1, MAX_BOXES), "float32")
    mask[:, : step + 1] = 1.0
    loss = train_step(image, padded, mask)
print("loss", float(loss))
