# SOURCE: https://github.com/jaungiers/LSTM-Neural-Network-for-Time-Series-Prediction/issues/7
# SYMPTOM: raises TypeError
# DESCRIPTION: a time-series LSTM is built with the Keras 1 keywords input_dim and output_dim, which later Keras layers no longer accept
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import LSTM, Activation, Dense, Dropout
from tensorflow.keras.models import Sequential


def build_model(layers):
    model = Sequential()
    model.add(LSTM(input_dim=layers[0], output_dim=layers[1], return_sequences=True))  # EXPECT: keras3/layer-input-dim-argument
    model.add(Dropout(0.2))
    model.add(LSTM(layers[2], return_sequences=False))
    model.add(Dropout(0.2))
    model.add(Dense(layers[3]))
    model.add(Activation("linear"))
    model.compile(loss="mse", optimizer="rmsprop")
    return model


model = build_model([1, 50, 100, 1])
print("prediction", model.predict(np.zeros((2, 50, 1), "float32"), verbose=0).shape)
