# class: 7
# x.shape.as_list() on a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((8, 8, 3))
height, width = inputs.shape.as_list()[1:3]  # EXPECT
print(height, width)
