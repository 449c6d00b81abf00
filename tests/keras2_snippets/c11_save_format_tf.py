# class: 11
# model.save(path, save_format="tf").
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save("m", save_format="tf")  # EXPECT
print("saved")
