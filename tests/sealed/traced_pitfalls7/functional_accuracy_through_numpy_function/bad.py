# SOURCE: https://github.com/tensorflow/tensorflow/issues/73835
# SYMPTOM: raises ValueError
# DESCRIPTION: while a functional model is being built, a NumPy accuracy function is applied with tf.numpy_function to the model's symbolic Keras outputs, which hold no values and cannot go through a TensorFlow op
"""A binary classifier that wants an accuracy computed by a NumPy function."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Model


def calc_accuracy(y_true, y_pred):
    return np.mean(np.equal(y_true, np.round(y_pred)).astype(np.float32))


x = tf.keras.Input(shape=(20,), name="x", dtype=tf.float32)
y = tf.keras.Input(shape=(), name="y", dtype=tf.float32)
hidden = Dense(64, activation="relu")(x)
outputs = Dense(1, activation="sigmoid")(hidden)
model = Model(inputs=[x, y], outputs=outputs)

accuracy = tf.numpy_function(  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
    func=calc_accuracy, inp=[y, outputs], Tout=tf.float32
)
print("accuracy", accuracy)
