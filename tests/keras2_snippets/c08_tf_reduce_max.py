# class: 8
# tf.reduce_max over time of an LSTM output.
import tensorflow as tf

inputs = tf.keras.Input((5, 3))
seq = tf.keras.layers.LSTM(4, return_sequences=True)(inputs)
pooled = tf.reduce_max(seq, axis=1)  # EXPECT
print(tf.keras.Model(inputs, pooled).output_shape)
