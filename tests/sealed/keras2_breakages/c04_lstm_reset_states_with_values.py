# class: 4
# DESCRIPTION: layer.reset_states([new_h, new_c]) to set a stateful LSTM's state to given values
# SOURCE: https://github.com/keras-team/keras/issues/8317
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(batch_shape=(1, 3, 1))
lstm_layer = tf.keras.layers.LSTM(2, stateful=True)(inputs)
model = tf.keras.Model(inputs, lstm_layer)
new_h = np.zeros((1, 2)) + 2
new_c = np.zeros((1, 2)) + 10
model.layers[1].reset_states([new_h, new_c])  # EXPECT
print([s.numpy().tolist() for s in model.layers[1].states])
