# class: 8
# tf.reduce_sum over a sequence output.
import tensorflow as tf

inputs = tf.keras.Input((5, 3))
pooled = tf.reduce_sum(inputs, axis=1)  # EXPECT
print(tf.keras.Model(inputs, pooled).output_shape)
