# SOURCE: https://github.com/yhilpisch/aiif/issues/3
# SYMPTOM: raises RuntimeError
# DESCRIPTION: a DQN trading bot module switches TensorFlow to graph mode with tf.compat.v1.disable_eager_execution() and then calls a Keras model's predict for every tick
import random

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam

tf.compat.v1.disable_eager_execution()  # EXPECT: tf1-api/disable-eager-execution


class TradingBot:
    def __init__(self, hidden_units, learning_rate, lags=3, n_features=2):
        self.epsilon = 0.0
        self.lags = lags
        self.n_features = n_features
        self.model = Sequential(
            [
                tf.keras.Input(shape=(lags, n_features)),
                Dense(hidden_units, activation="relu"),
                Dense(hidden_units, activation="relu"),
                Dense(2, activation="linear"),
            ]
        )
        self.model.compile(loss="mse", optimizer=Adam(learning_rate=learning_rate))

    def act(self, state):
        if random.random() <= self.epsilon:
            return random.randint(0, 1)
        action = self.model.predict(state, verbose=0)[0, 0]
        return np.argmax(action)


agent = TradingBot(24, 0.001)
for tick in range(3):
    state = np.random.rand(1, 3, 2).astype("float32")
    print("tick", tick, "action", agent.act(state))
