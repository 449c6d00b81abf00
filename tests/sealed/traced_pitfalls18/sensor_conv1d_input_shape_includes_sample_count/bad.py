# SOURCE: https://github.com/keras-team/keras/issues/6242
# SYMPTOM: raises ValueError
# DESCRIPTION: a Conv1D classifier for sensor sequences passes the whole training array's shape, sample count included, as the input shape, so the model expects one extra axis and the convolution cannot apply
import numpy as np
import keras
from keras.layers import Conv1D, Dense, Dropout, Flatten, MaxPooling1D
from keras.models import Sequential

rng = np.random.default_rng(6242)
X_train = rng.random((120, 8, 2)).astype("float32")
Y_train = keras.utils.to_categorical(rng.integers(0, 3, 120), 3)

model = Sequential()
model.add(keras.Input(shape=X_train.shape))  # EXPECT: api-misuse/input-shape-includes-sample-axis
model.add(Conv1D(filters=16, kernel_size=3, activation="relu"))
model.add(Dropout(0.5))
model.add(MaxPooling1D(pool_size=2))
model.add(Flatten())
model.add(Dense(3, activation="softmax"))
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(X_train, Y_train, epochs=1, batch_size=32, verbose=0)
print("accuracy", round(float(model.evaluate(X_train, Y_train, verbose=0)[1]), 3))
