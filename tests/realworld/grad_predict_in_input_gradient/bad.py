# SOURCE: https://github.com/tensorflow/tensorflow/issues/38119
# SYMPTOM: raises ValueError
"""An input-gradient penalty computed on `model.predict`: NumPy arrays, so the gradient with
respect to the input is None and the norm of it fails."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(3, activation="softmax")])


def input_gradient_penalty(y_true, x, lambda_):
    x_tensor = tf.convert_to_tensor(x)
    with tf.GradientTape() as inp_tape:
        inp_tape.watch(x_tensor)
        pred = model.predict(x_tensor, verbose=0)  # EXPECT: TF914
        inp_grad_reg_loss = tf.keras.losses.categorical_crossentropy(y_true, pred)
    inpgrad = inp_tape.gradient(inp_grad_reg_loss, x_tensor)
    return inp_grad_reg_loss + lambda_ * tf.norm(inpgrad)


x = np.random.rand(4, 6).astype("float32")
y = tf.one_hot([0, 1, 2, 1], 3)
print(input_gradient_penalty(y, x, 0.1))
