# class: 11
# A SavedModel written by model.save and reloaded with tf.saved_model.load.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save("exported")  # EXPECT
loaded = tf.saved_model.load("exported")
print(loaded(np.ones((1, 3), "float32")).shape)
