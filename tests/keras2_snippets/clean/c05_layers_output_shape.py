# class: 5
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4), tf.keras.layers.Dense(1)])
for layer in model.layers:
    print(layer.name, layer.output.shape)
