# DESCRIPTION: An MLP classifier trained and scored with fit_generator, evaluate_generator and predict_generator on a batch generator
# SOURCE: https://github.com/keras-team/keras/issues/12456
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(0)
x_all = rng.rand(64, 8).astype("float32")
y_all = (x_all[:, 0] + x_all[:, 1] > 1.0).astype("int32")


def batch_generator(x, y, batch_size):
    while True:
        for start in range(0, len(x), batch_size):
            yield x[start:start + batch_size], y[start:start + batch_size]


model = Sequential()
model.add(Dense(16, activation="relu", input_shape=(8,)))
model.add(Dense(2, activation="softmax"))
set_seeded_weights(model, 1)
model.compile(optimizer=Adam(lr=0.001), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit_generator(batch_generator(x_all, y_all, 16), steps_per_epoch=4, epochs=3, verbose=0)
print("loss", [round(v, 4) for v in history.history["loss"]])
loss, acc = model.evaluate_generator(batch_generator(x_all, y_all, 16), steps=4, verbose=0)
print("evaluate", round(loss, 4), round(acc, 4))
probabilities = model.predict_generator(batch_generator(x_all, y_all, 16), steps=1)
print("first predictions", np.argmax(probabilities, axis=1)[:8].tolist())
