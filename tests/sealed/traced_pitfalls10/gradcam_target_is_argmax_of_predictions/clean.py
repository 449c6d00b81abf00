"""The fix: use the arg-max only to pick the class, and differentiate that class's score."""

import numpy as np
import tensorflow as tf
import keras

backbone_input = keras.Input((32, 32, 3))
h = keras.layers.Conv2D(8, 3, activation="relu")(backbone_input)
h = keras.layers.Conv2D(16, 3, activation="relu", name="block_conv")(h)
h = keras.layers.GlobalMaxPooling2D()(h)
h = keras.layers.Dense(32, activation="relu")(h)
predictions_out = keras.layers.Dense(4, activation="softmax")(h)
model = keras.Model(backbone_input, predictions_out)

conv_layer_name = "block_conv"
cam_model = keras.Model(
    [model.inputs], [model.get_layer(conv_layer_name).output, model.output]
)
image = tf.constant(np.random.rand(1, 32, 32, 3), dtype=tf.float32)

with tf.GradientTape() as tape:
    conv_out, predictions = cam_model(image)
    class_pred = tf.argmax(predictions, axis=-1)
    class_out = tf.gather(predictions, class_pred, axis=1, batch_dims=1)
grads = tape.gradient(class_out, conv_out)
pooled = tf.reduce_mean(grads, axis=(0, 1, 2))
cam = tf.reduce_sum(conv_out[0] * pooled, axis=-1)
print("[cam]", cam.shape)
