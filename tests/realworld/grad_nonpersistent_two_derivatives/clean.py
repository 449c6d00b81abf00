"""The fix: `persistent=True`."""

import tensorflow as tf

tensor_x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    tensor_y1 = tensor_x**2
    tensor_y2 = tensor_x**3
tensor_dy1_dx = tape.gradient(tensor_y1, tensor_x)
print(tensor_dy1_dx)
tensor_dy2_dx = tape.gradient(tensor_y2, tensor_x)
print(tensor_dy2_dx)
