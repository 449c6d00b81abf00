# SOURCE: https://keras.io/api/metrics/
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A metric function in a list given to compile picks its value with a conditional expression
on a tensor: Keras 3 traces it without AutoGraph, so Python asks the tensor for a bool."""

import keras
import numpy as np
import tensorflow as tf


def positive_recall(y_true, y_pred):
    positives = tf.reduce_sum(y_true)
    hits = tf.reduce_sum(y_true * tf.round(y_pred))
    return 0.0 if positives == 0 else hits / positives  # EXPECT: TF808


metrics = ["accuracy", positive_recall]
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="sgd", loss="binary_crossentropy", metrics=metrics)
model.fit(np.ones((8, 4), np.float32), np.ones((8, 1), np.float32), epochs=1, verbose=0)
