# class: 9
# K.set_value(self.model.optimizer.lr, ...) in a warm-up Callback.
import numpy as np
import tensorflow as tf

class WarmUp(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        tf.keras.backend.set_value(self.model.optimizer.learning_rate, 0.01 * (epoch + 1))  # EXPECT

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=2, callbacks=[WarmUp()], verbose=0)
print("trained")
