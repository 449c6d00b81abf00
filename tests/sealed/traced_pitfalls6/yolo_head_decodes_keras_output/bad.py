# SOURCE: https://github.com/taipingeric/yolo-v4-tf.keras/issues/27
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional detector decodes its head output into boxes by calling TensorFlow ops directly on the symbolic Keras tensor while the model is being built, instead of inside a layer
"""A tiny YOLO-style detector whose head is decoded at model-building time."""

import keras
import tensorflow as tf

GRID, ANCHORS, CLASSES = 4, 2, 3

image = keras.Input((16, 16, 3))
x = keras.layers.Conv2D(8, 3, strides=2, padding="same", activation="relu")(image)
x = keras.layers.Conv2D(8, 3, strides=2, padding="same", activation="relu")(x)
head = keras.layers.Conv2D(ANCHORS * (5 + CLASSES), 1)(x)

raw = tf.reshape(head, (-1, GRID, GRID, ANCHORS, 5 + CLASSES))  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
boxes = keras.layers.Lambda(lambda t: t[..., :4])(raw)
model = keras.Model(image, boxes)
print("boxes", model.output.shape)
