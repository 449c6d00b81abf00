"""The fix: cast the labels to an integer dtype before one-hot encoding them."""

import numpy as np
import keras
import tensorflow as tf

NUM_CLASSES = 5


def focal_style_loss(y_true, y_pred):
    one_hot = tf.one_hot(tf.cast(y_true, tf.int32), NUM_CLASSES)
    probs = tf.nn.softmax(y_pred)
    return -tf.reduce_sum(one_hot * tf.math.log(probs + 1e-7) * (1.0 - probs) ** 2, axis=-1)


model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(NUM_CLASSES)])
model.compile(optimizer="adam", loss=focal_style_loss)
x = np.random.rand(20, 6).astype("float32")
y = np.random.randint(0, NUM_CLASSES, size=(20,))
model.fit(x, y, epochs=1, verbose=0)
print("trained")
