# class: 9
# K.set_value(model.optimizer.lr, ...), the classic learning-rate override.
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.Adam(0.01), "mse")
K.set_value(model.optimizer.lr, 0.001)  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print("trained")
