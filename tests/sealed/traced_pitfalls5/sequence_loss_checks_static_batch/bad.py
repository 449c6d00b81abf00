# SOURCE: https://github.com/tensorflow/tensorflow/issues/58258
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom loss for an LSTM trained from a generator reads the batch size from the static shape of its input and refuses an unknown size, but under fit the traced loss sees an unknown batch dimension
"""An LSTM trained from a Python generator with a position-weighted custom loss."""

import numpy as np
import keras
import tensorflow as tf


def batches():
    rng = np.random.default_rng(0)
    for _ in range(4):
        x = rng.standard_normal((8, 5, 1)).astype(np.float32)
        yield x, x.sum(axis=1)


def weighted_loss(y_true, y_pred):
    batch = y_pred.shape[0]  # EXPECT: graph-incompatible/static-shape-with-none-dimension
    if batch is None:
        raise ValueError("the loss needs a known batch size")
    weights = tf.linspace(1.0, 2.0, batch)[:, None]
    return tf.reduce_mean(weights * tf.square(y_true - y_pred))


data = tf.data.Dataset.from_generator(
    batches,
    output_signature=(
        tf.TensorSpec((None, 5, 1), tf.float32),
        tf.TensorSpec((None, 1), tf.float32),
    ),
)
model = keras.Sequential([keras.Input((5, 1)), keras.layers.LSTM(4), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=weighted_loss)
model.fit(data, epochs=1, verbose=0)
print("trained")
