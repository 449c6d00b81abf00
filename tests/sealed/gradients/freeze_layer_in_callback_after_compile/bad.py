# SOURCE: https://github.com/keras-team/keras/issues/3268
# SYMPTOM: number "frozen_change" >= 0.000001
# DESCRIPTION: a callback sets a layer's trainable flag to False during fit; the compiled training step keeps updating it
import numpy as np
import tensorflow as tf


class FreezeFirstLayer(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.model.layers[0].trainable = False  # EXPECT: api-misuse/trainable-changed-after-compile
            self.frozen = self.model.layers[0].kernel.numpy().copy()


model = tf.keras.Sequential([
    tf.keras.Input(shape=(10,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
x = np.random.rand(128, 10).astype("float32")
y = np.random.rand(128, 1).astype("float32")
freezer = FreezeFirstLayer()
model.fit(x, y, epochs=3, batch_size=32, verbose=0, callbacks=[freezer])
print("frozen_change", f"{np.abs(model.layers[0].kernel.numpy() - freezer.frozen).max():.8f}")
