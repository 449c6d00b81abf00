# SOURCE: https://github.com/tensorflow/tensorflow/issues/30534
# SYMPTOM: raises ValueError
"""A feature-matching (VGG-style) loss passed to compile builds its frozen feature extractor
every time it runs: Keras traces the loss in its train function, and the second trace (or a
retrace) creates the extractor's variables again."""

import numpy as np
import tensorflow as tf


def feature_extractor():
    inputs = tf.keras.Input((8,))
    features = tf.keras.layers.Dense(4, trainable=False)(inputs)
    return tf.keras.Model(inputs, features)


def feature_loss(y_true, y_pred):
    extractor = feature_extractor()  # EXPECT: TF401
    return tf.reduce_mean(tf.square(extractor(y_true) - extractor(y_pred)))


model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8)])
model.compile(optimizer="adam", loss=feature_loss)
images = np.random.rand(64, 8).astype("float32")
model.fit(images, images, epochs=2, verbose=0, validation_split=0.25)
