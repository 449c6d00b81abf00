# SOURCE: https://github.com/keras-team/keras/issues/2261
# SYMPTOM: raises ValueError
# DESCRIPTION: an IMDB-style sentiment script maps a user's sentence to one list of word indices and hands it to pad_sequences, which expects a list of sequences, before calling predict
import numpy as np
import keras
from keras.layers import LSTM, Dense, Embedding
from keras.utils import pad_sequences

maxlen, vocab = 20, 50
rng = np.random.default_rng(2261)
train = [list(rng.integers(1, vocab, rng.integers(5, 30))) for _ in range(64)]
labels = rng.integers(0, 2, 64)
model = keras.Sequential([keras.Input((maxlen,)), Embedding(vocab, 8), LSTM(8), Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(pad_sequences(train, maxlen=maxlen), labels, epochs=1, verbose=0)

word_index = {w: i + 1 for i, w in enumerate("this movie was great fun and not boring at all".split())}
sentence = "this movie was great fun"
X = [word_index[w] for w in sentence.split()]
X = pad_sequences(X, maxlen=maxlen)  # EXPECT: api-misuse/pad-sequences-single-sequence
pred = model.predict(X, batch_size=1, verbose=0)
print("sentiment", round(float(pred[0, 0]), 3))
