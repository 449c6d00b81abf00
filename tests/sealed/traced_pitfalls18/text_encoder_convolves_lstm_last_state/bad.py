# SOURCE: https://github.com/keras-team/keras/issues/5222
# SYMPTOM: raises ValueError
# DESCRIPTION: a text model puts Conv1D after an LSTM that returns only its last output, so the convolution receives a 2-D tensor instead of a sequence
import numpy as np
import keras
from keras.layers import LSTM, Conv1D, Dense, GlobalMaxPooling1D, Input

inputs = Input((50, 16))
h = LSTM(32)(inputs)  # EXPECT: api-misuse/sequence-layer-after-rnn-without-return-sequences
h = Conv1D(8, 5)(h)
outputs = Dense(1, activation="sigmoid")(GlobalMaxPooling1D()(h))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="binary_crossentropy")
rng = np.random.default_rng(5222)
x = rng.random((16, 50, 16)).astype("float32")
model.fit(x, rng.integers(0, 2, 16), epochs=1, verbose=0)
print("scores", model.predict(x[:2], verbose=0).ravel().shape)
