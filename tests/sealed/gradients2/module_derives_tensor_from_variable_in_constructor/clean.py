import tensorflow as tf


class MyModule(tf.Module):
    def __init__(self, phi):
        super().__init__()
        self.scale = tf.exp(phi)

    def fun(self, x):
        return tf.reduce_sum(self.scale * x)


phi = tf.Variable(tf.zeros(5), trainable=True)
with tf.GradientTape() as tape:
    m = MyModule(phi)
    x = tf.ones(5)
    tape.watch(phi)
    res = m.fun(x)
print("none_grads", int(tape.gradient(res, phi) is None))
