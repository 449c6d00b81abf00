# class: 8
# tf.reshape of a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((4, 4))
flat = tf.reshape(inputs, (-1, 16))  # EXPECT
print(tf.keras.Model(inputs, tf.keras.layers.Dense(2)(flat)).output_shape)
