# class: 13
# DESCRIPTION: (Keras 3 form) A custom optimizer written against OptimizerV2 (_set_hyper, _create_slots, _resource_apply_dense)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/62021
import numpy as np
import tensorflow as tf


class MySGD(tf.keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.1, name="MySGD", **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)

    def build(self, var_list):
        super().build(var_list)
        self.m = [self.add_variable_from_reference(var, "m") for var in var_list]

    def update_step(self, gradient, variable, learning_rate):
        variable.assign_sub(tf.cast(learning_rate, variable.dtype) * gradient)


model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
model.compile(optimizer=MySGD(0.5), loss="mse")
model.train_on_batch(np.ones((2, 2), "float32"), np.ones((2, 1), "float32"))
print(np.round(model.get_weights()[0].ravel(), 4).tolist())
