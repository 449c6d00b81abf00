# class: 8
# tf.stack of two branches.
import tensorflow as tf

inputs = tf.keras.Input((3,))
a = tf.keras.layers.Dense(2)(inputs)
b = tf.keras.layers.Dense(2)(inputs)
stacked = tf.stack([a, b], axis=1)  # EXPECT
print(tf.keras.Model(inputs, stacked).output_shape)
