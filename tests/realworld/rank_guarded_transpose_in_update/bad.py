# SOURCE: https://github.com/tensorflow/tensorflow/issues/39298
# SYMPTOM: raises ValueError
"""A custom update treats matrices and vectors differently by testing tf.rank(var); traced,
the condition is a tf.cond whose both branches are built, the transpose for the vector too."""

import tensorflow as tf


def preconditioned(var, grad):
    if tf.rank(var) == 1:  # EXPECT: TF879
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
