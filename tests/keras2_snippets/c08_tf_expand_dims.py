# class: 8
# tf.expand_dims on an Input.
import tensorflow as tf

inputs = tf.keras.Input((10,))
x = tf.expand_dims(inputs, -1)  # EXPECT
x = tf.keras.layers.Conv1D(4, 3)(x)
print(tf.keras.Model(inputs, x).output_shape)
