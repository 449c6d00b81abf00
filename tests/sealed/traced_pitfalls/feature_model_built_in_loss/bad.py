# SOURCE: https://github.com/tensorflow/tensorflow/issues/30534
# SYMPTOM: raises ValueError
# DESCRIPTION: a perceptual loss builds its feature-extraction network inside the loss function given to compile, so the network's weights are created whenever fit traces the loss
"""An image-to-image model trained with a VGG-style perceptual loss."""

import numpy as np
import tensorflow as tf


def perceptual_loss(y_true, y_pred):
    features = tf.keras.applications.VGG16(include_top=False, weights=None, input_shape=(32, 32, 3))  # EXPECT: variable-creation/model-built-in-traced-code
    features.trainable = False
    return tf.reduce_mean(tf.square(features(y_true) - features(y_pred)))


inputs = tf.keras.Input((32, 32, 3))
outputs = tf.keras.layers.Conv2D(3, 3, padding="same")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=perceptual_loss)
images = np.random.rand(8, 32, 32, 3).astype("float32")
model.fit(images, images, batch_size=4, epochs=1, verbose=0)
print("trained")
