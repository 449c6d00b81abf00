# class: 13
# DESCRIPTION: A Gravity optimizer written on OptimizerV2 internals (_set_hyper, add_slot, _decayed_lr, get_slot)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/59654
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf
from tensorflow.keras import optimizers


class Gravity(optimizers.Optimizer):
    def __init__(self, learning_rate=0.1, beta=0.9, name="Gravity", **kwargs):
        super(Gravity, self).__init__(name, **kwargs)
        self._set_hyper("learning_rate", kwargs.get("lr", learning_rate))  # EXPECT
        self._set_hyper("beta", beta)

    def _create_slots(self, var_list):
        for var in var_list:
            self.add_slot(var, "velocity", initializer="zeros")

    def _resource_apply_dense(self, grad, var, apply_state=None):
        var_dtype = var.dtype.base_dtype
        lr_t = self._decayed_lr(var_dtype)
        beta = self._get_hyper("beta", var_dtype)
        velocity = self.get_slot(var, "velocity")
        new_velocity = velocity.assign(beta * velocity + (1.0 - beta) * grad)
        return var.assign_sub(lr_t * new_velocity)

    def get_config(self):
        return {**super().get_config(), "learning_rate": self._serialize_hyperparameter("learning_rate")}


v = tf.Variable([1.0, -1.0])
opt = Gravity(learning_rate=0.5)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * v)
    opt.apply_gradients([(tape.gradient(loss, v), v)])
print(np.round(v.numpy(), 4).tolist())
