# SOURCE: https://github.com/keras-team/keras/issues/4443
# SYMPTOM: lines "CSV_HAS_AUC" < 1
# DESCRIPTION: a training script lists CSVLogger before the callback that adds a ROC AUC entry to the epoch logs, so the CSV file is written before the entry exists and never holds the AUC column
import os
import tempfile

import numpy as np
import keras


class RocAucCallback(keras.callbacks.Callback):
    def __init__(self, x_val, y_val):
        super().__init__()
        self.x_val, self.y_val = x_val, y_val

    def on_epoch_end(self, epoch, logs=None):
        scores = self.model.predict(self.x_val, verbose=0)[:, 0]
        pos, neg = scores[self.y_val == 1], scores[self.y_val == 0]
        logs["roc_auc"] = float((pos[:, None] > neg[None, :]).mean())


rng = np.random.default_rng(4443)
x = rng.random((128, 6)).astype("float32")
y = (x[:, 0] + 0.2 * rng.random(128) > 0.6).astype("float32")
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")

log_path = os.path.join(tempfile.mkdtemp(), "history.csv")
callbacks = [keras.callbacks.CSVLogger(log_path), RocAucCallback(x[96:], y[96:])]  # EXPECT: api-misuse/csvlogger-before-log-writing-callback
model.fit(x[:96], y[:96], epochs=3, batch_size=16, verbose=0, callbacks=callbacks)

with open(log_path) as handle:
    header = handle.readline().strip().split(",")
print("csv columns", header)
if "roc_auc" in header:
    print("CSV_HAS_AUC")
