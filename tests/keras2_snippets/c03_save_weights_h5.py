# class: 3
# save_weights("model.h5"): HDF5 by its suffix in Keras 2.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save_weights("model.h5")  # EXPECT
print("saved")
