# SOURCE: https://github.com/keras-team/tf-keras/issues/570
# SYMPTOM: raises ValueError
"""A ranking loss, made by a factory, that compares the orders of labels and predictions: the
orders come from `tf.argsort`, which gives integers and no gradient, so fit finds none."""

import numpy as np
import tensorflow as tf


def calculate_loss(scale):
    def loss(y_true, y_pred):
        actual_orders = tf.argsort(tf.argsort(y_true))
        predicted_orders = tf.argsort(tf.argsort(y_pred))  # EXPECT: TF922
        distance = tf.abs(actual_orders - predicted_orders)
        return scale * tf.cast(tf.reduce_sum(distance), tf.float32)

    return loss


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(5)])
model.compile(optimizer="adam", loss=calculate_loss(0.1))
features = np.random.rand(16, 6).astype("float32")
orders = np.argsort(np.random.rand(16, 5), axis=-1).astype("float32")
model.fit(features, orders, epochs=1, verbose=0)
