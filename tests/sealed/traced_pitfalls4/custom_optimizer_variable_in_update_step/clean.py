"""The fix: the float32 copies are optimizer variables created once in build()."""

import numpy as np
import tensorflow as tf
import keras


class MasterWeightSGD(keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.01, **kwargs):
        super().__init__(learning_rate=learning_rate, name="master_weight_sgd", **kwargs)

    def build(self, variables):
        super().build(variables)
        self._masters = [self.add_variable_from_reference(v, "master") for v in variables]
        for master, v in zip(self._masters, variables):
            master.assign(tf.cast(v, master.dtype))

    def update_step(self, gradient, variable, learning_rate):
        master = self._masters[self._get_variable_index(variable)]
        master.assign_sub(tf.cast(learning_rate, master.dtype) * tf.cast(gradient, master.dtype))
        variable.assign(tf.cast(master, variable.dtype))


inputs = keras.Input((4,))
model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
model.compile(optimizer=MasterWeightSGD(), loss="mse")
model.fit(np.random.rand(16, 4), np.random.rand(16, 1), batch_size=8, verbose=0)
print("trained")
