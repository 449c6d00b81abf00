# class: 7
# input_shape.rank in build().
import tensorflow as tf

class Flat(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.rank = input_shape.rank  # EXPECT

    def call(self, inputs):
        return inputs

layer = Flat()
layer(tf.ones((1, 2, 2)))
print(layer.rank)
