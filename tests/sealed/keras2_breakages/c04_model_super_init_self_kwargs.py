# class: 4
# DESCRIPTION: super().__init__(self, **kwargs) in a Model subclass that wraps another model
# SOURCE: https://github.com/tensorflow/tensorflow/issues/35920
import tensorflow as tf
from tensorflow import keras


class CD(keras.Model):
    def __init__(self, rbm, mcsteps=5, **kwargs):
        super().__init__(self, **kwargs)  # EXPECT
        self.rbm = rbm
        self.mcsteps = mcsteps

    def call(self, inputs):
        x = inputs
        for _ in range(self.mcsteps):
            x = self.rbm(x)
        return x


rbm = keras.layers.Dense(3, activation="sigmoid", kernel_initializer="zeros")
cd = CD(rbm, mcsteps=2, name="cd")
print(cd.name, cd(tf.ones((1, 3))).numpy().tolist())
