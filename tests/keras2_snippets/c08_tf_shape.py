# class: 8
# tf.shape of a Keras tensor for a dynamic reshape.
import tensorflow as tf

inputs = tf.keras.Input((4, 3))
batch = tf.shape(inputs)[0]  # EXPECT
flat = tf.keras.layers.Reshape((12,))(inputs)
print(tf.keras.Model(inputs, flat).output_shape)
