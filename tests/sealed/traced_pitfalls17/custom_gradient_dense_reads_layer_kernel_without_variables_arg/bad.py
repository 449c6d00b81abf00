# SOURCE: https://github.com/keras-team/keras/issues/18139
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom dense layer computes its matmul through a tf.custom_gradient function that reads the layer's kernel variable, but the gradient function takes no variables argument, so the call fails once the tape sees the variable (here under a mixed precision policy)
import tensorflow as tf
import keras

keras.mixed_precision.set_global_policy("mixed_float16")


class CustomDense(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")

    def call(self, x):
        @tf.custom_gradient
        def matmul_with_grad(x):
            y = tf.matmul(x, self.kernel)

            def grad_fn(dy):  # EXPECT: api-misuse/custom-gradient-uses-variables-without-variables-arg
                return tf.matmul(dy, tf.transpose(self.kernel))

            return y, grad_fn

        return matmul_with_grad(x)


layer = CustomDense(4)
x = tf.ones([2, 3])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = layer(x)
print("grad", tape.gradient(y, x).shape)
