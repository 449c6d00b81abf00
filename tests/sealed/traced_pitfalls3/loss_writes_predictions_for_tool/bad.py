# SOURCE: https://github.com/keras-team/keras/issues/12057
# SYMPTOM: raises Exception
# DESCRIPTION: a speech-quality loss writes the predicted waveform to a file for an external evaluation tool and reads its score back, file and NumPy work that cannot run on the symbolic tensors of the traced training step
"""A waveform regressor whose loss adds a score computed by an external tool."""

import os
import tempfile

import numpy as np
import tensorflow as tf

workdir = tempfile.mkdtemp()


def mse_my_loss(y_true, y_pred):
    q1 = tf.reduce_mean(tf.square(y_pred - y_true), axis=-1)
    path = os.path.join(workdir, "data.npy")
    np.save(path, y_pred)  # EXPECT: graph-incompatible/python-file-api-on-tensor
    score = float(np.load(path).mean())
    return q1 + score


model = tf.keras.Sequential([tf.keras.Input((16,)), tf.keras.layers.Dense(16)])
model.compile(optimizer="adam", loss=mse_my_loss)
x = np.random.rand(8, 16).astype("float32")
history = model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
