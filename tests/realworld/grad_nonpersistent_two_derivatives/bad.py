# SOURCE: https://insights.willogy.io/tensorflow-part-3-automatic-differentiation/
# SYMPTOM: raises RuntimeError
"""dy1/dx and dy2/dx from one tape that is not persistent: the second call raises."""

import tensorflow as tf

tensor_x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    tensor_y1 = tensor_x**2
    tensor_y2 = tensor_x**3
tensor_dy1_dx = tape.gradient(tensor_y1, tensor_x)
print(tensor_dy1_dx)
tensor_dy2_dx = tape.gradient(tensor_y2, tensor_x)  # EXPECT: TF917
print(tensor_dy2_dx)
