import numpy as np
import keras
from keras.layers import LSTM, Dense, Embedding, TimeDistributed
from keras.utils import pad_sequences

rng = np.random.default_rng(8)
vocab, n_tags, maxlen = 30, 6, 24
sentences, tags = [], []
for _ in range(200):
    n = int(rng.integers(3, 6))
    words = rng.integers(1, vocab, n)
    sentences.append(list(words))
    tags.append(list(rng.integers(1, n_tags, n)))
X = pad_sequences(sentences, maxlen=maxlen, padding="post")
Y = pad_sequences(tags, maxlen=maxlen, padding="post")

model = keras.Sequential([
    keras.Input((maxlen,)),
    Embedding(vocab, 16, mask_zero=True),
    LSTM(16, return_sequences=True),
    TimeDistributed(Dense(n_tags, activation="softmax")),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(X, Y, epochs=6, batch_size=32, verbose=0)

predicted = model.predict(X, verbose=0).argmax(-1)
real = X != 0
token_acc = float((predicted[real] == Y[real]).mean())
reported = float(history.history["accuracy"][-1])
print("reported", round(reported, 3), "on real tokens", round(token_acc, 3))
print("ACC_GAP", round(reported - token_acc, 3))
