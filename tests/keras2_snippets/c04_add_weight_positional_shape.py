# class: 4
# add_weight(name, shape) both positional.
import tensorflow as tf

class Bias(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.bias = self.add_weight("bias", (input_shape[-1],))  # EXPECT

    def call(self, inputs):
        return inputs + self.bias

print(Bias()(tf.ones((1, 2))).shape)
