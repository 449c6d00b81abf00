# class: 1
# ModelCheckpoint(period=2), Keras 2's deprecated spelling of save_freq.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
checkpoint = tf.keras.callbacks.ModelCheckpoint("m.h5", period=2)  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=2, callbacks=[checkpoint], verbose=0)
print("saved")
