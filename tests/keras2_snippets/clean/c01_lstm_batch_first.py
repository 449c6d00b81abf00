# class: 1
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((5, 3), batch_size=2)
lstm = tf.keras.layers.LSTM(4, stateful=True)
print(tf.keras.Model(inputs, lstm(inputs)).count_params())
