# SOURCE: https://github.com/tensorflow/tensorflow/issues/38369
# SYMPTOM: raises ValueError
# DESCRIPTION: an explainability helper that inverts a class into an input image creates the image variable and its optimizer inside a decorated function, so when the function is traced again for the next class it creates new variables and TensorFlow refuses them
"""Inverting each class of a small classifier into an input image."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((8, 8, 1)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(3)])


@tf.function
def invert(model, class_index):
    image = tf.Variable(tf.zeros((1, 8, 8, 1)))  # EXPECT: variable-creation/variable-created-in-traced-code
    optimizer = tf.keras.optimizers.Adam(0.1)  # EXPECT: variable-creation/variable-created-in-traced-code
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = -model(image)[0, class_index]
        grads = tape.gradient(loss, [image])
        optimizer.apply_gradients(zip(grads, [image]))
    return image.read_value()


for c in range(3):
    print("inverted", c, float(tf.reduce_sum(invert(model, c))))
