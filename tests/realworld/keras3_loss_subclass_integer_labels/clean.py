"""The Loss subclass casts y_true back to integers for sparse_softmax_cross_entropy_with_logits:
Keras 3 converts y_true to the loss dtype (float32) before call() runs."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class SparseLogitsLoss(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(tf.cast(y_true, tf.int32), y_pred)


rng = np.random.RandomState(0)
features = rng.randn(64, 2).astype("float32")
labels = rng.randint(0, 3, (64,)).astype("int64")
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=SparseLogitsLoss())
model.fit(features, labels, epochs=1, batch_size=16, verbose=0)
print("trained")
