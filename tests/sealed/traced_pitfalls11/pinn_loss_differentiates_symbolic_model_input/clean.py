"""The fix: compute the derivative where the batch is known, in an overridden train_step
whose inner tape watches the batch inputs, instead of in a loss that reaches for the
symbolic model.input."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.layers import Dense

rng = np.random.default_rng(0)
X = rng.random((96, 8)).astype("float32")
y = (X[:, 5] > 0.5).astype("float32")


class SlopePenalisedModel(keras.Sequential):
    def train_step(self, data):
        x, y_true = data
        with tf.GradientTape() as tape:
            with tf.GradientTape() as inner:
                inner.watch(x)
                y_pred = self(x, training=True)
            dy_t = inner.gradient(y_pred, x)[:, 5:6]
            loss = tf.reduce_mean(tf.square(dy_t)) + tf.reduce_mean(tf.square(y_true - y_pred))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = SlopePenalisedModel()
model.add(tf.keras.Input(shape=(8,)))
model.add(Dense(12, activation="relu"))
model.add(Dense(8, activation="relu"))
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam")
history = model.fit(X, y[:, None], epochs=1, batch_size=32, verbose=0)
print("[loss]", history.history["loss"][-1])
