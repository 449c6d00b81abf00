"""The fix from the thread: manipulate the tensors with backend ops; never evaluate them in a loss."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def defined_loss(y_true, y_pred):
    return K.mean(K.square(y_true - y_pred))


inputs = tf.keras.Input((8, 8, 1))
outputs = tf.keras.layers.Conv2D(1, 3, padding="same")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=defined_loss)
x = np.random.rand(8, 8, 8, 1).astype("float32")
model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("trained")
