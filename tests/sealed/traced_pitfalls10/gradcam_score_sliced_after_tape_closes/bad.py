# SOURCE: https://github.com/tensorflow/tensorflow/issues/62797
# SYMPTOM: raises ValueError
# DESCRIPTION: a class-activation-map helper picks the class score by slicing the predictions inside the gradient call, after the tape's context has closed; the slice is not recorded, so the score is not connected to the convolution output and the gradient is None
"""Grad-CAM heat map for a small image classifier."""

import numpy as np
import tensorflow as tf
import keras

inputs = keras.Input((32, 32, 3))
x = keras.layers.Conv2D(8, 3, activation="relu")(inputs)
x = keras.layers.Conv2D(16, 3, activation="relu", name="last_conv")(x)
x = keras.layers.GlobalAveragePooling2D()(x)
outputs = keras.layers.Dense(5, activation="softmax")(x)
model = keras.Model(inputs, outputs)

grad_model = keras.Model(model.inputs, [model.get_layer("last_conv").output, model.output])
image = tf.constant(np.random.rand(1, 32, 32, 3), dtype=tf.float32)

with tf.GradientTape() as tape:
    last_conv_output, preds = grad_model(image)
    top_class_index = int(tf.argmax(preds[0]))
grads = tape.gradient(preds[:, top_class_index], last_conv_output)  # EXPECT: api-misuse/gradient-target-computed-outside-tape
pooled_grads = tf.reduce_mean(grads, axis=(0, 1, 2))
heatmap = tf.reduce_sum(last_conv_output[0] * pooled_grads, axis=-1)
print("[heatmap]", heatmap.shape)
