# class: 11
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.save_weights("w.weights.h5")
model.load_weights("w.weights.h5")
print(len(model.weights))
