# SOURCE: https://github.com/keras-team/keras/issues/20060
# SYMPTOM: raises TypeError
# DESCRIPTION: a Keras 3 Loss subclass hands y_true to an op that needs integer labels, but Keras 3 casts y_true to the loss dtype (float32) before call() runs
"""A custom sparse cross-entropy loss ported from Keras 2."""

import numpy as np
import keras
import tensorflow as tf


class SparseLogitsLoss(keras.losses.Loss):
    def __init__(self):
        super().__init__(name="sparse_logits_loss")

    def call(self, y_true, y_pred):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(y_true, y_pred)  # EXPECT: api-misuse/float-labels-to-integer-op-in-keras3-loss


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=SparseLogitsLoss())
x = np.random.rand(16, 4).astype("float32")
y = np.random.randint(0, 3, size=(16,))
model.fit(x, y, epochs=1, verbose=0)
print("trained")
