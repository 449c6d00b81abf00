# class: 5
import numpy as np
import tensorflow as tf

class PrintLr(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print(float(self.model.optimizer.learning_rate.numpy()))

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[PrintLr()], verbose=0)
