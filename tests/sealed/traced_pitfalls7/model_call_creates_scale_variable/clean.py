"""The fix: create the variable once, when the model is built, not in call."""

import tensorflow as tf
import keras


class TestModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(4)
        self.scale = self.add_weight(shape=(4,), initializer="ones", name="scale")

    def call(self, x):
        return self.dense(x) * self.scale


model = TestModel()


@tf.function(jit_compile=True)
def predict(x):
    return model(x)


print("out", predict(tf.ones((2, 3))).shape)
