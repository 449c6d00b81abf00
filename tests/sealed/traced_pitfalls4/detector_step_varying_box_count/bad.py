# SOURCE: https://github.com/keras-team/keras-cv/issues/886
# SYMPTOM: traces >= 5
# DESCRIPTION: a custom object-detection training loop feeds each image's ground-truth boxes to its decorated train step as they come, so every new number of boxes is a new input shape and the step is traced again, with retracing warnings every few steps
"""A tiny box-regression detector trained with a custom loop."""

import numpy as np
import tensorflow as tf

backbone = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(4)])
optimizer = tf.keras.optimizers.SGD(0.01)


@tf.function
def train_step(image, boxes):
    with tf.GradientTape() as tape:
        pred = backbone(image)
        loss = tf.reduce_mean(tf.square(boxes - pred[:, None, :]))
    grads = tape.gradient(loss, backbone.trainable_variables)
    optimizer.apply_gradients(zip(grads, backbone.trainable_variables))
    return loss


rng = np.random.default_rng(0)
for step in range(6):
    image = rng.random((1, 16, 16, 3), dtype="float32")
    boxes = rng.random((1, step + 1, 4), dtype="float32")
    loss = train_step(image, boxes)  # EXPECT: retracing/shape-varies-between-calls
print("loss", float(loss))
