# class: 7
# input_shape.dims[-1] in build(), TensorShape's Dimension list.
import tensorflow as tf

class Gate(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.units = input_shape.dims[-1]  # EXPECT

    def call(self, inputs):
        return inputs

layer = Gate()
layer(tf.ones((1, 4)))
print(layer.units)
