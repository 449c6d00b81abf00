# SOURCE: https://github.com/keras-team/keras/issues/16836
# SYMPTOM: number "[final loss]" >= 1000
# DESCRIPTION: a custom train_step computes the loss with the per-sample mean_squared_error function and differentiates that vector directly; GradientTape sums a non-scalar target, so the step is batch-size times larger than with the compiled (averaged) loss and training degrades or diverges
"""Regression with a custom train_step that computes its own MSE."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from keras.losses import mean_squared_error


class CustomModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")

    def call(self, inputs):
        return self.dense(inputs)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = mean_squared_error(y, y_pred)  # EXPECT: api-misuse/unreduced-loss-differentiated
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}

    @property
    def metrics(self):
        return [self.loss_tracker]


rng = np.random.default_rng(0)
x = rng.random((1024, 4)).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [3.0], [0.5]], np.float32) + 0.1).astype(np.float32)
model = CustomModel()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05))
history = model.fit(x, y, batch_size=256, epochs=5, verbose=0)
print("[final loss]", float(np.nan_to_num(history.history["loss"][-1], nan=1e9, posinf=1e9)))
