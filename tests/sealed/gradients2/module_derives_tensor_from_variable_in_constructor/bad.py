# SOURCE: https://github.com/tensorflow/tensorflow/issues/39996
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: A tf.Module computes a tensor from its variable in __init__, outside the GradientTape, so the gradient of its method's result with respect to that variable is None.
import tensorflow as tf


class MyModule(tf.Module):
    def __init__(self, phi):
        super().__init__()
        self.scale = tf.exp(phi)  # EXPECT: api-misuse/tensor-derived-from-variable-outside-tape

    def fun(self, x):
        return tf.reduce_sum(self.scale * x)


phi = tf.Variable(tf.zeros(5), trainable=True)
m = MyModule(phi)
with tf.GradientTape() as tape:
    x = tf.ones(5)
    tape.watch(phi)
    res = m.fun(x)
print("none_grads", int(tape.gradient(res, phi) is None))
