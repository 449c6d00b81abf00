# class: 11
# load_model on a SavedModel directory.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
tf.keras.models.save_model(model, "saved")  # EXPECT
print(len(tf.keras.models.load_model("saved").layers))
