import numpy as np
import tensorflow as tf


class MaskedDense(tf.keras.layers.Layer):
    def __init__(self, units, mask, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.mask = tf.constant(mask, dtype=tf.float32)

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="w")

    def call(self, inputs):
        return tf.matmul(inputs, self.w * self.mask)


mask = np.triu(np.ones((4, 3), dtype=np.float32))
layer = MaskedDense(3, mask)
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), layer, tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="mse")
before = layer.w.numpy().copy()
model.fit(np.random.rand(32, 4).astype("float32"), np.random.rand(32, 1).astype("float32"), epochs=2, verbose=0)
print("kernel_change", f"{np.abs(layer.w.numpy() - before).max():.8f}")
