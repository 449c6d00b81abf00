# class: 7
# x.dtype.is_floating on a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((3,))
print(inputs.dtype.is_floating)  # EXPECT
