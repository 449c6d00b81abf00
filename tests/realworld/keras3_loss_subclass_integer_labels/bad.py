# SOURCE: https://github.com/keras-team/keras/issues/20060
# SYMPTOM: raises TypeError
"""A Keras Loss subclass hands y_true to sparse_softmax_cross_entropy_with_logits, which needs
integer labels; Keras 3 converts y_true to the loss's dtype (float32) before call() runs."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class SparseLogitsLoss(keras.losses.Loss):
    def call(self, y_true, y_pred):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(y_true, y_pred)  # EXPECT: api-misuse/float-labels-to-integer-op-in-keras3-loss


rng = np.random.RandomState(0)
features = rng.randn(64, 2).astype("float32")
labels = rng.randint(0, 3, (64,)).astype("int64")
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=SparseLogitsLoss())
model.fit(features, labels, epochs=1, batch_size=16, verbose=0)
print("trained")
