import numpy as np
import tensorflow as tf
import keras


class RBFLayer(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.centers = self.add_weight(shape=(self.units, input_shape[-1]), initializer="random_normal", name="centers")

    def call(self, x):
        d = tf.reduce_sum(tf.square(tf.expand_dims(x, 1) - self.centers), axis=-1)
        return tf.exp(-d)


class RBFNetwork(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.rbf_layer = RBFLayer(8)
        self.dense_layer = keras.layers.Dense(1, use_bias=False)

    def call(self, x):
        return self.dense_layer(self.rbf_layer(x))

    def train_step(self, data):
        x, y = data
        input_after_rbf_layer = self.rbf_layer(x)
        interpolated = tf.tensordot(tf.linalg.pinv(input_after_rbf_layer), y, axes=1)
        self.dense_layer.kernel.assign(interpolated)
        return {"loss": tf.reduce_mean(tf.square(self(x) - y))}


model = RBFNetwork()
model.compile(optimizer="adam")
x = np.random.rand(32, 2).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model(x)
model.fit(x, y, epochs=1, batch_size=32, verbose=0)
print("trained")
