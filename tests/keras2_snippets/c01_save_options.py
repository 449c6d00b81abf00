# class: 1
# model.save(..., options=...) with SaveOptions for the SavedModel.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save("m.h5", options=tf.saved_model.SaveOptions())  # EXPECT
print("saved")
