# class: 3
# save_weights("ckpt/model") wrote a TF checkpoint in Keras 2.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save_weights("ckpt/model")  # EXPECT
print("saved")
