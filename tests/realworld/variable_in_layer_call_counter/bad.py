# SOURCE: https://github.com/experiencor/keras-yolo3/issues/332
# SYMPTOM: raises ValueError
"""A detection-loss layer creates its batch counter with tf.Variable inside `call`."""

import numpy as np
import tensorflow as tf
import keras


class YoloLayer(keras.layers.Layer):
    def call(self, x):
        batch_seen = tf.Variable(0.0)  # EXPECT: TF401
        batch_seen.assign_add(1.0)
        return x * tf.minimum(batch_seen, 1.0)


inputs = keras.Input((4,))
model = keras.Model(inputs, YoloLayer()(keras.layers.Dense(4)(inputs)))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 4)), np.ones((8, 4)), epochs=2, verbose=0)
