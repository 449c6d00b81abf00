# class: 5
# super().__init__(dynamic=True) in a Layer subclass that runs eagerly.
import tensorflow as tf

class EagerLayer(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(dynamic=True)  # EXPECT

    def call(self, inputs):
        return inputs * 2

print(EagerLayer()(tf.ones((1, 2))).numpy().tolist())
