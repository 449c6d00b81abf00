# class: 6
# optimizer.variables() was a method.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print(len(model.optimizer.variables()))  # EXPECT
