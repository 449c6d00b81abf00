# class: 13
# DESCRIPTION: (Keras 3 form) A Gravity optimizer written on OptimizerV2 internals (_set_hyper, add_slot, _decayed_lr, get_slot)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/59654
import numpy as np
import tensorflow as tf
from tensorflow.keras import optimizers


class Gravity(optimizers.Optimizer):
    def __init__(self, learning_rate=0.1, beta=0.9, name="Gravity", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta = beta

    def build(self, var_list):
        super().build(var_list)
        self.velocities = [self.add_variable_from_reference(var, "velocity") for var in var_list]

    def update_step(self, gradient, variable, learning_rate):
        velocity = self.velocities[self._get_variable_index(variable)]
        velocity.assign(self.beta * velocity + (1.0 - self.beta) * gradient)
        variable.assign_sub(tf.cast(learning_rate, variable.dtype) * velocity)


v = tf.Variable([1.0, -1.0])
opt = Gravity(learning_rate=0.5)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * v)
    opt.apply_gradients([(tape.gradient(loss, v), v)])
print(np.round(v.numpy(), 4).tolist())
