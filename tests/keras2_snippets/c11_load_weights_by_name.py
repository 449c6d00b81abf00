# class: 11
# load_weights(..., by_name=True) to transfer matching layers.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, name="head")])
model.save_weights("w.weights.h5")
model.load_weights("w.weights.h5", by_name=True)  # EXPECT
print("loaded")
