import numpy as np
import keras

rng = np.random.default_rng(7804)
x = rng.random((64, 5)).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
first = model.fit(x, y, epochs=15, verbose=0)
done = len(first.history["loss"])

more = 10
history = model.fit(x, y, epochs=done + more, initial_epoch=done, verbose=0)
print("EPOCHS_RUN", len(history.history.get("loss", [])))
