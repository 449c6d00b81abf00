"""The loss casts the labels back to integers before one-hot encoding them: Keras 3 gives
y_true to a loss as float32 (the loss dtype), and tf.one_hot needs integer
indices."""

import numpy as np
import tensorflow as tf

NUM_CLASSES = 4


def one_hot_focal_loss(y_true, y_pred):
    labels = tf.one_hot(tf.cast(tf.reshape(y_true, [-1]), tf.int32), NUM_CLASSES)
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
