# class: 8
# tf.clip_by_value on a regression head.
import tensorflow as tf

inputs = tf.keras.Input((3,))
out = tf.clip_by_value(tf.keras.layers.Dense(1)(inputs), 0.0, 1.0)  # EXPECT
print(tf.keras.Model(inputs, out).output_shape)
