# SOURCE: https://github.com/keras-team/keras/issues/7804
# SYMPTOM: number "EPOCHS_RUN" < 1
# DESCRIPTION: a resumed training run passes the number of extra epochs as epochs together with initial_epoch, but fit reads epochs as the index to stop at, so no epoch runs
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
history = model.fit(x, y, epochs=more, initial_epoch=done, verbose=0)  # EXPECT: api-misuse/fit-epochs-below-initial-epoch
print("EPOCHS_RUN", len(history.history.get("loss", [])))
