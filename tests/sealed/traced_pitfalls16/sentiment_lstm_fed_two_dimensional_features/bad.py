# SOURCE: https://github.com/shreyans29/thesemicolon/issues/5
# SYMPTOM: raises ValueError
# DESCRIPTION: an LSTM is given input_shape=x_train.shape[1:] for a 2-D feature matrix, so each sample has no time axis and the recurrent layer rejects its input
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(5)
x_train = rng.normal(size=(40, 15)).astype("float32")
y_train = rng.normal(size=(40, 15)).astype("float32")

model = tf.keras.Sequential()
model.add(tf.keras.layers.LSTM(30, input_shape=x_train.shape[1:], return_sequences=True, activation="sigmoid"))  # EXPECT: api-misuse/rnn-input-without-time-axis
model.add(tf.keras.layers.LSTM(15, return_sequences=False, activation="sigmoid"))
model.compile(loss="cosine_similarity", optimizer="adam", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=1, verbose=0)
print("trained", model.output_shape)
