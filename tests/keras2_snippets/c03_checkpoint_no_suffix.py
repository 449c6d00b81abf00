# class: 3
# ModelCheckpoint to a path with no suffix (a SavedModel directory in Keras 2).
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
checkpoint = tf.keras.callbacks.ModelCheckpoint("best_model")  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[checkpoint], verbose=0)
print("saved")
