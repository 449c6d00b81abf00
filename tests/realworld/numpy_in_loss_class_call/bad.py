# SOURCE: https://github.com/tensorflow/tensorflow/issues/38038
# SYMPTOM: raises AttributeError
"""A Loss subclass reads its inputs with .numpy(); Keras traces Loss.call inside the train step."""

import numpy as np
import tensorflow as tf


class ClippedMSE(tf.keras.losses.Loss):
    def call(self, y_true, y_pred):
        err = np.clip((y_true - y_pred).numpy(), -1.0, 1.0)  # EXPECT: TF801
        return tf.reduce_mean(tf.square(tf.constant(err)), axis=-1)


model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=ClippedMSE())
model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=1, verbose=0)
