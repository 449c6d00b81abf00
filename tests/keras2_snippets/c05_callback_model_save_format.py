# class: 5
# self.model.save(path, save_format="h5") in a Callback.
import numpy as np
import tensorflow as tf

class Saver(tf.keras.callbacks.Callback):
    def on_train_end(self, logs=None):
        self.model.save("final", save_format="h5")  # EXPECT

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[Saver()], verbose=0)
print("saved")
