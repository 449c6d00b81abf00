import tensorflow as tf

a = tf.constant([[1.0, 2.0], [2.0, 3.0]])
b = tf.constant([[1.0, 2.0], [2.0, 3.0]])

with tf.GradientTape() as tape_full, tf.GradientTape() as tape_column:
    tape_full.watch(a)
    tape_column.watch(a)
    c = a * b
    c_first_column = c[:, 0]

grad_full = tape_full.gradient(c, a)
grad_column = tape_column.gradient(c_first_column, a)
print("none_grads", sum(g is None for g in (grad_full, grad_column)))
