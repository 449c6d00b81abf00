# class: 11
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.export("exported")
reloaded = tf.saved_model.load("exported")
print(reloaded.serve(np.ones((1, 3), "float32")).shape)
