# class: 4
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
cell = tf.keras.layers.LSTMCell(4)
print(len(cell.get_initial_state(batch_size=2)))
