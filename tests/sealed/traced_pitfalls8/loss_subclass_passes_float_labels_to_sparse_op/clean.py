"""The fix: cast the labels back to an integer dtype inside call()."""

import numpy as np
import keras
import tensorflow as tf


class SparseLogitsLoss(keras.losses.Loss):
    def __init__(self):
        super().__init__(name="sparse_logits_loss")

    def call(self, y_true, y_pred):
        labels = tf.cast(y_true, tf.int32)
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels, y_pred)


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=SparseLogitsLoss())
x = np.random.rand(16, 4).astype("float32")
y = np.random.randint(0, 3, size=(16,))
model.fit(x, y, epochs=1, verbose=0)
print("trained")
