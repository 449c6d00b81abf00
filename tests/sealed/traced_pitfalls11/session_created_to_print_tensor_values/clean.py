"""The fix: TensorFlow 2 executes eagerly; read the tensor's value directly with .numpy()
(or tf.print) instead of opening a session."""

import tensorflow as tf

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([[1.0, 1.0], [0.0, 1.0]])
c = tf.matmul(a, b)

print("[c]", c.numpy().tolist())
