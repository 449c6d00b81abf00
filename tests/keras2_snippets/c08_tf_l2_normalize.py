# class: 8
# tf.math.l2_normalize on an embedding output.
import tensorflow as tf

inputs = tf.keras.Input((3,))
embedding = tf.math.l2_normalize(tf.keras.layers.Dense(4)(inputs), axis=-1)  # EXPECT
print(tf.keras.Model(inputs, embedding).output_shape)
