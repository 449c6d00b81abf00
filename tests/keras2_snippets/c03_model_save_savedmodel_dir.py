# class: 3
# model.save("export_dir"): a SavedModel directory in Keras 2.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save("export_dir")  # EXPECT
print("saved")
