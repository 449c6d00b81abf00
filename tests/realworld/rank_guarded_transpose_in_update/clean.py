"""The fix: the static rank (`var.shape.ndims`), a Python number while tracing."""

import tensorflow as tf


def preconditioned(var, grad):
    if var.shape.ndims == 1:
        return tf.expand_dims(grad, -1)[:, 0]
    else:
        return tf.matmul(tf.transpose(var, [1, 0]), grad)[:1, :] * 0.0 + grad


@tf.function
def apply(variables, grads):
    for var, grad in zip(variables, grads):
        var.assign_sub(0.1 * preconditioned(var, grad))


kernel = tf.Variable(tf.ones([2, 2]))
bias = tf.Variable(tf.zeros([2]))
apply([kernel, bias], [tf.ones([2, 2]), tf.ones([2])])
print("bias", bias.numpy())
