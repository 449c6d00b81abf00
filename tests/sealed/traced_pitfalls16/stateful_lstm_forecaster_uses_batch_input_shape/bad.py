# SOURCE: https://github.com/yangwohenmai/LSTM/issues/19
# SYMPTOM: raises ValueError
# DESCRIPTION: a multi-step stateful LSTM forecaster passes batch_input_shape to the LSTM layer and resets state with model.reset_states(), both Keras 2 APIs that TF 2.16+ Keras removed
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(19)
train = rng.normal(size=(22, 4)).astype("float32")
n_lag, n_seq, n_batch, nb_epoch, n_neurons = 1, 3, 1, 2, 1

X, y = train[:, 0:n_lag], train[:, n_lag:]
X = X.reshape(X.shape[0], 1, X.shape[1])
model = Sequential()
model.add(LSTM(n_neurons, batch_input_shape=(n_batch, X.shape[1], X.shape[2]), stateful=True))  # EXPECT: keras3/rnn-batch-input-shape-argument
model.add(Dense(y.shape[1]))
model.compile(loss="mean_squared_error", optimizer="adam")
for i in range(nb_epoch):
    model.fit(X, y, epochs=1, batch_size=n_batch, verbose=0, shuffle=False)
    model.reset_states()  # EXPECT: keras3/model-reset-states-removed
print("forecast", model.predict(X[:1], batch_size=n_batch, verbose=0).shape)
