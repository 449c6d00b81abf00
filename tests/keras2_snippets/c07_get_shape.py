# class: 7
# x.get_shape() on a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((5,))
print(inputs.get_shape()[-1])  # EXPECT
