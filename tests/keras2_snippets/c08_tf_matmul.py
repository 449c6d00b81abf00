# class: 8
# tf.matmul of two layer outputs (an attention score).
import tensorflow as tf

q = tf.keras.Input((5, 8))
k = tf.keras.Input((5, 8))
scores = tf.matmul(q, k, transpose_b=True)  # EXPECT
print(tf.keras.Model([q, k], scores).output_shape)
