# class: 1
# compile(sample_weight_mode=...) kept from Keras 2.0-era training code.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", sample_weight_mode=None)  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print("trained")
