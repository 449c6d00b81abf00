# class: 3
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", metrics=["mae"])
best = tf.keras.callbacks.ModelCheckpoint("best.keras")
weights = tf.keras.callbacks.ModelCheckpoint("w.weights.h5", save_weights_only=True)
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[best, weights], verbose=0)
model.save_weights("final.weights.h5")
model.save("final.keras")
print("saved")
