# SOURCE: https://github.com/keras-team/keras/issues/19283
# SYMPTOM: raises TypeError
"""A loss ported from Keras 2 one-hot encodes the integer labels it is given; Keras 3 casts
y_true to the loss's dtype (float32) before the loss sees it, and tf.one_hot refuses float
indices."""

import numpy as np
import tensorflow as tf

NUM_CLASSES = 4


def one_hot_focal_loss(y_true, y_pred):
    labels = tf.one_hot(tf.reshape(y_true, [-1]), NUM_CLASSES)  # EXPECT: api-misuse/float-labels-to-integer-op-in-keras3-loss
    weight = tf.pow(1.0 - y_pred, 2.0)
    return -tf.reduce_sum(labels * weight * tf.math.log(y_pred + 1e-7), axis=-1)


rng = np.random.RandomState(0)
features = rng.randn(64, 8).astype("float32")
classes = rng.randint(0, NUM_CLASSES, (64,)).astype("int32")
model = tf.keras.Sequential(
    [tf.keras.Input((8,)), tf.keras.layers.Dense(NUM_CLASSES, activation="softmax")]
)
model.compile(optimizer="adam", loss=one_hot_focal_loss)
model.fit(features, classes, epochs=1, batch_size=16, verbose=0)
print("trained")
