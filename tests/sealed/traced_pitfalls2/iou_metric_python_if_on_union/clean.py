"""The fix: a division that is safe for an empty union, with no Python branch on a tensor."""

import numpy as np
import tensorflow as tf


def iou(y_true, y_pred):
    y_pred = tf.cast(y_pred > 0.5, tf.float32)
    intersection = tf.reduce_sum(y_true * y_pred)
    union = tf.reduce_sum(y_true + y_pred)
    return tf.math.divide_no_nan(intersection, union)


model = tf.keras.Sequential(
    [
        tf.keras.Input((16, 16, 1)),
        tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
        tf.keras.layers.Conv2D(1, 1, activation="sigmoid"),
    ]
)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy", iou])
x = np.random.rand(8, 16, 16, 1).astype("float32")
y = (x > 0.5).astype("float32")
history = model.fit(x, y, epochs=1, verbose=0)
print("iou", history.history["iou"])
