# class: 8
# tf.nn.relu as an activation between layers.
import tensorflow as tf

inputs = tf.keras.Input((3,))
x = tf.nn.relu(tf.keras.layers.Dense(4)(inputs))  # EXPECT
print(tf.keras.Model(inputs, x).output_shape)
