"""The fix: the image variable and the optimizer are created once, outside; the class is a tensor."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((8, 8, 1)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(3)])
image = tf.Variable(tf.zeros((1, 8, 8, 1)))
optimizer = tf.keras.optimizers.SGD(0.1)


@tf.function
def invert(class_index):
    image.assign(tf.zeros_like(image))
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = -tf.gather(model(image)[0], class_index)
        grads = tape.gradient(loss, [image])
        optimizer.apply_gradients(zip(grads, [image]))
    return image.read_value()


for c in range(3):
    print("inverted", c, float(tf.reduce_sum(invert(tf.constant(c)))))
