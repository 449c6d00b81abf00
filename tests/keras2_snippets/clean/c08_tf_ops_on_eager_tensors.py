# class: 8
import tensorflow as tf

x = tf.ones((2, 3))
model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(1)])
print(model(tf.concat([x, x], axis=-1)).shape, tf.shape(x).numpy().tolist())
