# SOURCE: http://xiaobeizi.cn/x/6VuucqQqcq
# SYMPTOM: raises ValueError
# DESCRIPTION: a class-activation-map helper asks the tape for the gradient of the arg-max class index instead of the class score; an integer index is not differentiable, so the gradient is None
"""Grad-CAM on a classifier built from a frozen convolutional backbone."""

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
    class_out = tf.argmax(predictions, axis=-1)
grads = tape.gradient(class_out, conv_out)  # EXPECT: api-misuse/gradient-of-integer-argmax
pooled = tf.reduce_mean(grads, axis=(0, 1, 2))
cam = tf.reduce_sum(conv_out[0] * pooled, axis=-1)
print("[cam]", cam.shape)
