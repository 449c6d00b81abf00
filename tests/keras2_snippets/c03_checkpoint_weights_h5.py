# class: 3
# Weights-only checkpoints to "weights.h5" (Keras 3 wants .weights.h5).
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
checkpoint = tf.keras.callbacks.ModelCheckpoint("weights.h5", save_weights_only=True)  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), callbacks=[checkpoint], verbose=0)
print("saved")
