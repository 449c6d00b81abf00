# SOURCE: https://github.com/keras-team/keras/issues/19283
# SYMPTOM: raises TypeError
# DESCRIPTION: a loss function one-hot encodes y_true, but Keras 3 casts the labels to float32 before the loss function sees them and tf.one_hot needs integer indices
"""A custom loss that one-hot encodes integer class labels, ported from Keras 2."""

import numpy as np
import keras
import tensorflow as tf

NUM_CLASSES = 5


def focal_style_loss(y_true, y_pred):
    one_hot = tf.one_hot(y_true, NUM_CLASSES)  # EXPECT: api-misuse/float-labels-to-integer-op-in-keras3-loss
    probs = tf.nn.softmax(y_pred)
    return -tf.reduce_sum(one_hot * tf.math.log(probs + 1e-7) * (1.0 - probs) ** 2, axis=-1)


model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(NUM_CLASSES)])
model.compile(optimizer="adam", loss=focal_style_loss)
x = np.random.rand(20, 6).astype("float32")
y = np.random.randint(0, NUM_CLASSES, size=(20,))
model.fit(x, y, epochs=1, verbose=0)
print("trained")
