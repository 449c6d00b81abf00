# SOURCE: https://github.com/keras-team/keras/issues/20274
# SYMPTOM: raises ValueError
# DESCRIPTION: a physics-informed network's gradient helper watches model.trainable_variables on a persistent tape, a TF2-era habit that fails with Keras 3 variables
"""Gradient of a PDE residual loss for a small physics-informed network."""

import numpy as np
import keras
import tensorflow as tf

model = keras.Sequential(
    [keras.Input((1,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)]
)
x_train = np.linspace(0.0, 1.0, 8, dtype="float32")[:, None]


def compute_loss(model, x):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        u = model(x)
    du_dx = inner.gradient(u, x)
    return tf.reduce_mean(tf.square(du_dx - tf.cos(x)))


def get_grad(model, x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(model.trainable_variables)  # EXPECT: api-misuse/tape-watch-on-keras-variable
        loss = compute_loss(model, x)
    grads = tape.gradient(loss, model.trainable_variables)
    del tape
    return loss, grads


loss, grads = get_grad(model, x_train)
print("loss", float(loss), "grads", len(grads))
