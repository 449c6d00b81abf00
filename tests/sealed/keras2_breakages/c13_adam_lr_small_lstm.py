# class: 13
# DESCRIPTION: keras.optimizers.Adam(lr=1e-5) on an LSTM forecaster (honoured by TF 2.10, refused by Keras 3)
# SOURCE: https://github.com/keras-team/keras/issues/17338
# keras2: tensorflow-cpu==2.10.1
import numpy as np
from tensorflow import keras

model = keras.Sequential([keras.layers.LSTM(3, input_shape=(4, 1)), keras.layers.Dense(1)])
optimizer = keras.optimizers.Adam(lr=1e-5)  # EXPECT
model.compile(optimizer=optimizer, loss="mse")
print(round(float(model.optimizer.learning_rate.numpy()), 8))
