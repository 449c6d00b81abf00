# SOURCE: https://github.com/keras-team/keras/issues/13368
# SYMPTOM: raises TypeError
# DESCRIPTION: a fine-tuning callback unfreezes layers and recompiles the model from on_epoch_end while fit is running, which discards the training function fit is still using
"""Transfer learning that unfreezes the base after the first epoch."""

import numpy as np
import keras


class Unfreeze(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.model.layers[0].trainable = True
            self.model.compile(optimizer="rmsprop", loss="mse")  # EXPECT: api-misuse/compile-called-during-fit


base = keras.layers.Dense(4, activation="relu")
base.trainable = False
model = keras.Sequential([keras.Input((3,)), base, keras.layers.Dense(1)])
model.compile(optimizer="rmsprop", loss="mse")
x = np.random.default_rng(0).random((16, 3)).astype("float32")
y = x.sum(axis=1, keepdims=True)
history = model.fit(x, y, epochs=3, verbose=0, callbacks=[Unfreeze()])
print("loss", history.history["loss"][-1])
