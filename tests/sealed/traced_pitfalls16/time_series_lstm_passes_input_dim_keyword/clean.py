import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import LSTM, Activation, Dense, Dropout, Input
from tensorflow.keras.models import Sequential


def build_model(layers):
    model = Sequential()
    model.add(Input(shape=(None, layers[0])))
    model.add(LSTM(layers[1], return_sequences=True))
    model.add(Dropout(0.2))
    model.add(LSTM(layers[2], return_sequences=False))
    model.add(Dropout(0.2))
    model.add(Dense(layers[3]))
    model.add(Activation("linear"))
    model.compile(loss="mse", optimizer="rmsprop")
    return model


model = build_model([1, 50, 100, 1])
print("prediction", model.predict(np.zeros((2, 50, 1), "float32"), verbose=0).shape)
