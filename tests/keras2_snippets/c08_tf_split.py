# class: 8
# tf.split of a Keras tensor into heads.
import tensorflow as tf

inputs = tf.keras.Input((8,))
left, right = tf.split(inputs, 2, axis=-1)  # EXPECT
print(tf.keras.Model(inputs, [left, right]).output_shape)
