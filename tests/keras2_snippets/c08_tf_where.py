# class: 8
# tf.where between two branches of a functional model.
import tensorflow as tf

inputs = tf.keras.Input((3,))
a = tf.keras.layers.Dense(3)(inputs)
gated = tf.where(inputs > 0, a, inputs)  # EXPECT
print(tf.keras.Model(inputs, gated).output_shape)
