# SOURCE: https://github.com/keras-team/keras/issues/12969
# SYMPTOM: raises AttributeError
# DESCRIPTION: a learned loss feeds the predictions to a second, pre-trained scoring network through NumPy by calling .numpy() on them inside the loss, which fails because the loss runs on symbolic tensors in the traced training step
"""A regressor trained with a loss scored by a small pre-trained network."""

import numpy as np
import tensorflow as tf

scorer = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1, activation="sigmoid")])


def learned_loss(y_true, y_pred):
    pair = np.concatenate([y_true.numpy(), y_pred.numpy()], axis=-1)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return tf.reduce_mean(scorer(pair))


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(2)])
model.compile(optimizer="adam", loss=learned_loss)
x = np.random.rand(16, 6).astype("float32")
y = np.random.rand(16, 2).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
