import numpy as np
import keras
from keras.layers import Dense

rng = np.random.default_rng(741)
x = rng.random((512, 7)).astype("float32")
y = (x > 0.5).astype("float32")  # each of the 7 labels present or not, several at once

model = keras.Sequential([keras.Input((7,)), Dense(32, activation="relu")])
model.add(Dense(7, activation="sigmoid"))
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy")
model.fit(x, y, epochs=30, batch_size=32, verbose=0)

predicted = model.predict(x, verbose=0) > 0.5
recall = float((predicted & (y > 0)).sum() / y.sum())
print("LABEL_RECALL", round(recall, 3))
