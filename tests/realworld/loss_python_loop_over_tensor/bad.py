# SOURCE: https://github.com/keras-team/keras/issues/369
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A custom loss walks the batch with a Python `for ... in enumerate(y_pred)`; Keras 3 traces it without AutoGraph."""

import numpy as np
import tensorflow as tf
import keras


def row_loss(y_true, y_pred):
    total = 0.0
    for i, row in enumerate(y_pred):  # EXPECT: TF807
        total += tf.reduce_sum(tf.abs(row - y_true[i]))
    return total


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=row_loss)
model.fit(np.ones((8, 4)), np.ones((8, 3)), epochs=1, verbose=0)
