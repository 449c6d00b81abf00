# SOURCE: https://github.com/tensorflow/tensorflow/issues/41999
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: the target handed to gradient() is sliced inside the call, after the tape stopped recording
import tensorflow as tf

a = tf.constant([[1.0, 2.0], [2.0, 3.0]])
b = tf.constant([[1.0, 2.0], [2.0, 3.0]])

with tf.GradientTape() as tape_full, tf.GradientTape() as tape_column:
    tape_full.watch(a)
    tape_column.watch(a)
    c = a * b

grad_full = tape_full.gradient(c, a)
grad_column = tape_column.gradient(c[:, 0], a)  # EXPECT: api-misuse/target-computed-outside-tape
print("none_grads", sum(g is None for g in (grad_full, grad_column)))
