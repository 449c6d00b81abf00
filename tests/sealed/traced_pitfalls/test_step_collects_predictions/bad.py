# SOURCE: https://github.com/keras-team/keras/issues/17350
# SYMPTOM: number "collected" < 3
# DESCRIPTION: an overridden test_step appends the labels and predictions of each batch to Python lists on the model for a callback to read; the appends run only while tracing and store symbolic tensors
"""Collecting validation predictions in test_step so that a callback can use them."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class CustomModel(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.val_gt = []
        self.val_pred = []

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        self.val_gt.append(y)  # EXPECT: side-effect/list-append-in-traced-code|leaked-tensor/tensor-appended-to-python-list
        self.val_pred.append(y_pred)  # EXPECT: side-effect/list-append-in-traced-code|leaked-tensor/tensor-appended-to-python-list
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


class MyCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.val_gt = []
        self.model.val_pred = []

    def on_epoch_end(self, epoch, logs=None):
        print("collected", len(self.model.val_pred))


inputs = keras.Input(shape=(32,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
x, y = np.random.random((24, 32)), np.random.random((24, 1))
model.fit(x, y, batch_size=4, validation_data=(x[:12], y[:12]), epochs=1, verbose=0, callbacks=[MyCallback()])
