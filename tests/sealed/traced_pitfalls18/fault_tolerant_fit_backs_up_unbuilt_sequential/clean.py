import tempfile

import numpy as np
import keras


class InterruptingCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 4:
            raise RuntimeError("Interrupting!")


callback = keras.callbacks.BackupAndRestore(backup_dir=tempfile.mkdtemp())
model = keras.models.Sequential([keras.Input((20,)), keras.layers.Dense(10)])
model.compile(keras.optimizers.SGD(), loss="mse")
try:
    model.fit(np.arange(100).reshape(5, 20), np.zeros(5), epochs=10, batch_size=1, callbacks=[callback, InterruptingCallback()], verbose=0)
except Exception as e:
    print(e)
history = model.fit(np.arange(100).reshape(5, 20), np.zeros(5), epochs=10, batch_size=1, callbacks=[callback], verbose=0)
print("epochs after restore", len(history.history["loss"]))
