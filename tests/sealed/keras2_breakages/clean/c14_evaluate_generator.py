# class: 14
# DESCRIPTION: (Keras 3 form) evaluate_generator on a generator of validation batches
# SOURCE: https://github.com/faustomorales/keras-ocr/pull/160
import numpy as np
import tensorflow as tf


def batches():
    while True:
        yield np.ones((2, 3), "float32"), np.ones((2, 1), "float32")


model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer="sgd", loss="mse")
loss = model.evaluate(batches(), steps=2, verbose=0)
print(round(float(loss), 4))
