# class: 8
# tf.cast of an integer Input to float.
import tensorflow as tf

inputs = tf.keras.Input((3,), dtype="int32")
x = tf.cast(inputs, tf.float32)  # EXPECT
print(tf.keras.Model(inputs, tf.keras.layers.Dense(1)(x)).output_shape)
