# SOURCE: https://github.com/keras-team/keras/issues/20712
# SYMPTOM: raises ValueError
# DESCRIPTION: a fault-tolerant training run passes BackupAndRestore to fit on a Sequential model declared without an input shape, and the callback needs a built model to restore into
import tempfile

import numpy as np
import keras


class InterruptingCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 4:
            raise RuntimeError("Interrupting!")


callback = keras.callbacks.BackupAndRestore(backup_dir=tempfile.mkdtemp())
model = keras.models.Sequential([keras.layers.Dense(10)])  # EXPECT: api-misuse/backup-and-restore-on-unbuilt-model
model.compile(keras.optimizers.SGD(), loss="mse")
try:
    model.fit(np.arange(100).reshape(5, 20), np.zeros(5), epochs=10, batch_size=1, callbacks=[callback, InterruptingCallback()], verbose=0)
except Exception as e:
    print(e)
history = model.fit(np.arange(100).reshape(5, 20), np.zeros(5), epochs=10, batch_size=1, callbacks=[callback], verbose=0)
print("epochs after restore", len(history.history["loss"]))
