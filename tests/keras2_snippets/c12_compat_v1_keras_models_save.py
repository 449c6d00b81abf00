# class: 12
# tf.compat.v1.keras.models.save_model to a SavedModel directory.
import tensorflow as tf

model = tf.compat.v1.keras.Sequential([tf.compat.v1.keras.layers.Dense(1, input_shape=(3,))])
tf.compat.v1.keras.models.save_model(model, "saved")  # EXPECT
print("saved")
