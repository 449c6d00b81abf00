# class: 7
# x.dtype.name of a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((5,), dtype="int32")
print(inputs.dtype.name)  # EXPECT
