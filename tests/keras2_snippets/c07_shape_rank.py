# class: 7
# x.shape.rank on a Keras tensor.
import tensorflow as tf

inputs = tf.keras.Input((4, 3))
print(inputs.shape.rank)  # EXPECT
