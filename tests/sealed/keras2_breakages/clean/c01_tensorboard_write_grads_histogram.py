# class: 1
# DESCRIPTION: (Keras 3 form) TensorBoard(histogram_freq=1, write_grads=True) to check for vanishing gradients
# SOURCE: https://github.com/keras-team/keras/issues/7259
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(3, activation="sigmoid"), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
tb = tf.keras.callbacks.TensorBoard(log_dir="tb", histogram_freq=1)
print(tb.histogram_freq, len(model.layers))
