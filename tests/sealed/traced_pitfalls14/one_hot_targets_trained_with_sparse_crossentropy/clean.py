import numpy as np
import keras
from keras.layers import Activation, Dense
from keras.models import Sequential

model = Sequential()
model.add(keras.Input((2,)))
model.add(Dense(2))
model.add(Activation("softmax"))

model.compile(loss="categorical_crossentropy",  # one-hot targets need the non-sparse loss
              optimizer="rmsprop",
              metrics=["accuracy"])

inp = np.array([[2, 3], [1, 0], [0, 1], [3, 2]], dtype="float32")
out = np.array([[1, 0], [0, 1], [0, 1], [1, 0]], dtype="float32")
model.fit(inp, out, epochs=2, verbose=0)
print("trained")
