# class: 5
import numpy as np
import tensorflow as tf

class Reset(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        for metric in self.model.metrics:
            metric.reset_state()

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", metrics=["mae"])
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[Reset()], verbose=0)
print("trained")
