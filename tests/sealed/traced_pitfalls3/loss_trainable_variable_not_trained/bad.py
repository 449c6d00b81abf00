# SOURCE: https://github.com/keras-team/keras/issues/12503
# SYMPTOM: raises ValueError
# DESCRIPTION: a loss with a learnable noise scale creates its trainable variable inside the loss function, so a new variable is made each time the training step is traced, it is not one of the model's trainable variables, and fit stops with an error about variables created on a non-first call
"""A regression loss with a learned log-variance (homoscedastic uncertainty)."""

import numpy as np
import tensorflow as tf


def uncertainty_loss(y_true, y_pred):
    log_var = tf.Variable(0.0, trainable=True, name="log_var")  # EXPECT: variable-creation/variable-created-in-traced-code
    return tf.reduce_mean(tf.exp(-log_var) * tf.square(y_true - y_pred) + log_var)


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, trainable=False)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss=uncertainty_loss)
x = np.random.rand(16, 3).astype("float32")
y = 3.0 + np.random.rand(16, 1).astype("float32")
history = model.fit(x, y, batch_size=16, epochs=3, verbose=0)
for loss in history.history["loss"]:
    print(f"epoch loss {loss:.4f}")
