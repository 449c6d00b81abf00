# class: 4
# super().__init__(self) in a Model subclass: Keras 2's Model.__init__(*args) ignored it.
import numpy as np
import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__(self)  # EXPECT
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones")

    def call(self, x):
        return self.dense(x)


print(Net()(np.ones((1, 3), "float32")).numpy().tolist())
