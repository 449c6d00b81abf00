# class: 8
# model.add_loss(tf.reduce_mean(h)) on a functional model.
import tensorflow as tf

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(4)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
model.add_loss(tf.reduce_mean(hidden))  # EXPECT
print(len(model.losses))
