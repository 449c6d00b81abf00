# SOURCE: https://github.com/tensorflow/tensorflow/issues/56544
# SYMPTOM: raises ValueError
# DESCRIPTION: a word-and-character sequence tagger passes the Python int max_len inside the list of fit() inputs, so fit(validation_split=...) cannot split the inputs
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(56544)
n, max_len, max_len_char, n_words, n_chars, n_tags = 40, 6, 4, 50, 20, 5
X_word_train = rng.integers(0, n_words, (n, max_len))
X_char_train = rng.integers(0, n_chars, (n, max_len, max_len_char))
y_train = rng.integers(0, n_tags, (n, max_len, 1))

word_in = tf.keras.Input(shape=(max_len,), name="words_input")
char_in = tf.keras.Input(shape=(max_len, max_len_char), name="char_input")
emb_word = tf.keras.layers.Embedding(n_words, 8)(word_in)
emb_char = tf.keras.layers.Embedding(n_chars, 4)(char_in)
emb_char = tf.keras.layers.Reshape((max_len, max_len_char * 4))(emb_char)
x = tf.keras.layers.concatenate([emb_word, emb_char])
x = tf.keras.layers.LSTM(8, return_sequences=True)(x)
out = tf.keras.layers.Dense(n_tags, activation="softmax")(x)
model = tf.keras.Model([word_in, char_in], out)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")

history = model.fit([X_word_train, X_char_train, max_len], y_train, batch_size=5, epochs=1, validation_split=0.2, verbose=0)  # EXPECT: api-misuse/fit-input-list-holds-python-int
print("trained")
