"""The fix: take the class score inside the tape's context, so the slice is recorded."""

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
    class_channel = preds[:, top_class_index]
grads = tape.gradient(class_channel, last_conv_output)
pooled_grads = tf.reduce_mean(grads, axis=(0, 1, 2))
heatmap = tf.reduce_sum(last_conv_output[0] * pooled_grads, axis=-1)
print("[heatmap]", heatmap.shape)
