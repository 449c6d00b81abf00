# class: 13
# DESCRIPTION: (Keras 3 form) keras.optimizers.Adam(lr=1e-5) on an LSTM forecaster (honoured by TF 2.10, refused by Keras 3)
# SOURCE: https://github.com/keras-team/keras/issues/17338
import numpy as np
from tensorflow import keras

model = keras.Sequential([keras.Input(shape=(4, 1)), keras.layers.LSTM(3), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(learning_rate=1e-5)
model.compile(optimizer=optimizer, loss="mse")
print(round(float(model.optimizer.learning_rate.numpy()), 8))
