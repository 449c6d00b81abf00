# SOURCE: https://github.com/matterport/Mask_RCNN/pull/3020
# SYMPTOM: raises ValueError
# DESCRIPTION: a Keras Lambda layer creates a tf.Variable inside its function to feed constant anchors into a functional model; Lambda functions are traced and must not create state
"""Feeding precomputed anchor boxes into a detection model through a Lambda layer."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

anchors = np.random.rand(1, 16, 4).astype("float32")

input_image = tf.keras.Input(shape=(32, 32, 3))
features = layers.GlobalAveragePooling2D()(layers.Conv2D(4, 3)(input_image))
anchor_tensor = layers.Lambda(lambda t: tf.Variable(anchors), name="anchors")(input_image)  # EXPECT: variable-creation/variable-created-in-traced-code
boxes = layers.Lambda(lambda args: args[1][:, :, None] + args[0][:, :1, :])([anchor_tensor, features])
model = tf.keras.Model(input_image, boxes)
print("boxes", model.predict(np.random.rand(2, 32, 32, 3).astype("float32"), verbose=0).shape)
