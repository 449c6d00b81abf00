# class: 8
# tf.transpose of a sequence tensor.
import tensorflow as tf

inputs = tf.keras.Input((5, 3))
swapped = tf.transpose(inputs, [0, 2, 1])  # EXPECT
print(tf.keras.Model(inputs, swapped).output_shape)
