# SOURCE: https://github.com/NoteDance/optimizers/issues/2
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom Keras optimizer keeps a float32 master copy of each weight by creating a new tf.Variable inside update_step, which fit runs in its traced train step, so a variable is created on every trace and training fails
"""A custom optimizer that updates a float32 copy of each variable."""

import numpy as np
import tensorflow as tf
import keras


class MasterWeightSGD(keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.01, **kwargs):
        super().__init__(learning_rate=learning_rate, name="master_weight_sgd", **kwargs)

    def update_step(self, gradient, variable, learning_rate):
        gradient = tf.cast(gradient, "float32")
        variable_fp32 = tf.Variable(tf.cast(variable, "float32"))  # EXPECT: variable-creation/variable-created-in-traced-code
        variable_fp32.assign_sub(tf.cast(learning_rate, tf.float32) * gradient)
        variable.assign(tf.cast(variable_fp32, variable.dtype))


inputs = keras.Input((4,))
model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
model.compile(optimizer=MasterWeightSGD(), loss="mse")
model.fit(np.random.rand(16, 4), np.random.rand(16, 1), batch_size=8, verbose=0)
print("trained")
