import numpy as np
import keras
from keras.layers import Dense
from keras.models import Sequential
from keras.regularizers import l2

rng = np.random.default_rng(6360)
x = rng.random((64, 20)).astype("float32")
y = rng.integers(0, 2, 64)
model = Sequential()
model.add(keras.Input((20,)))
model.add(Dense(250, kernel_regularizer=l2(0.001), kernel_initializer="he_normal"))
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(x, y, epochs=1, verbose=0)
print("loss", round(float(model.evaluate(x, y, verbose=0)), 4))
