# class: 13
# DESCRIPTION: A custom optimizer written against OptimizerV2 (_set_hyper, _create_slots, _resource_apply_dense)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/62021
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf


class MySGD(tf.keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.1, name="MySGD", **kwargs):
        super().__init__(name, **kwargs)
        self._set_hyper("learning_rate", learning_rate)  # EXPECT

    def _create_slots(self, var_list):
        for var in var_list:
            self.add_slot(var, "m")

    def _resource_apply_dense(self, grad, var, apply_state=None):
        lr = self._get_hyper("learning_rate", var.dtype.base_dtype)
        return var.assign_sub(lr * grad)

    def get_config(self):
        return {**super().get_config(), "learning_rate": self._serialize_hyperparameter("learning_rate")}


model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="zeros")])
model.compile(optimizer=MySGD(0.5), loss="mse")
model.train_on_batch(np.ones((2, 2), "float32"), np.ones((2, 1), "float32"))
print(np.round(model.get_weights()[0].ravel(), 4).tolist())
