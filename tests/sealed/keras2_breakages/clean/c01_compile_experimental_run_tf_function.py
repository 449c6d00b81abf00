# class: 1
# DESCRIPTION: (Keras 3 form) compile(..., experimental_run_tf_function=False), a TF 2.1 workaround kept in training code
# SOURCE: https://github.com/tensorflow/tensorflow/issues/36044
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(9,)), tf.keras.layers.Dense(9, activation="relu"), tf.keras.layers.Dense(9)])
model.compile(optimizer="sgd", loss="mse")
history = model.fit(np.ones((4, 9), "float32"), np.zeros((4, 9), "float32"), epochs=1, verbose=0)
print(len(history.history["loss"]))
