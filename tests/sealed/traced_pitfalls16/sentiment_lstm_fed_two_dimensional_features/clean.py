import numpy as np
import tensorflow as tf

rng = np.random.default_rng(5)
x_train = rng.normal(size=(40, 15)).astype("float32")
y_train = rng.normal(size=(40, 15)).astype("float32")
x_train = x_train.reshape((x_train.shape[0], x_train.shape[1], 1))

model = tf.keras.Sequential()
model.add(tf.keras.Input(shape=x_train.shape[1:]))
model.add(tf.keras.layers.LSTM(30, return_sequences=True, activation="sigmoid"))
model.add(tf.keras.layers.LSTM(15, return_sequences=False, activation="sigmoid"))
model.compile(loss="cosine_similarity", optimizer="adam", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=1, verbose=0)
print("trained", model.output_shape)
