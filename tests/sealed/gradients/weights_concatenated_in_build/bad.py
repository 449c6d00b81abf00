# SOURCE: https://github.com/tensorflow/tensorflow/issues/40632
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom layer concatenates its weight matrices once in build(); the result is a fixed tensor and no weight gets a gradient
import numpy as np
import tensorflow as tf


class MultiKernelDense(tf.keras.layers.Layer):
    def __init__(self, parts, units, **kwargs):
        super().__init__(**kwargs)
        self.parts = parts
        self.units = units

    def build(self, input_shape):
        self.kernels = [
            self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name=f"kernel_{i}")
            for i in range(self.parts)
        ]
        self.kernel = tf.concat(self.kernels, axis=-1)  # EXPECT: api-misuse/weight-used-outside-tape

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel)


model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), MultiKernelDense(3, 2)])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="mse")
model.fit(np.random.rand(32, 5).astype("float32"), np.random.rand(32, 6).astype("float32"), epochs=1, verbose=0)
print("trained")
