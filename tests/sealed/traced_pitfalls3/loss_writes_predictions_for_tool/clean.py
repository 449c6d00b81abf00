"""The fix: keep the loss in TensorFlow ops; the external score is computed outside training."""

import os
import tempfile

import numpy as np
import tensorflow as tf

workdir = tempfile.mkdtemp()


def mse_my_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_pred - y_true), axis=-1)


model = tf.keras.Sequential([tf.keras.Input((16,)), tf.keras.layers.Dense(16)])
model.compile(optimizer="adam", loss=mse_my_loss)
x = np.random.rand(8, 16).astype("float32")
history = model.fit(x, x, batch_size=4, epochs=1, verbose=0)
path = os.path.join(workdir, "data.npy")
np.save(path, model.predict(x, verbose=0))
print("loss", history.history["loss"][-1], "score", float(np.load(path).mean()) >= -1e9)
