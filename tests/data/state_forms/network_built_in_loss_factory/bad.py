# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises ValueError
"""A feature loss made by a factory builds its feature network inside the loss given to compile."""

import numpy as np
import tensorflow as tf


def feature_loss(width):
    def loss(y_true, y_pred):
        features = tf.keras.Sequential([tf.keras.layers.Dense(width)])  # EXPECT: TF401
        return tf.reduce_mean(tf.square(features(y_true) - features(y_pred)))

    return loss


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
model.compile(optimizer="adam", loss=feature_loss(4))
model.fit(np.ones((5, 3)), np.ones((5, 3)), batch_size=2, epochs=1, verbose=0)
