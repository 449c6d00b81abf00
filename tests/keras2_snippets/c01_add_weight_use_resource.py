# class: 1
# add_weight(..., use_resource=True) kept from TF 1.x layers.
import tensorflow as tf

class Bias(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.bias = self.add_weight(name="bias", shape=(input_shape[-1],), use_resource=True)  # EXPECT

    def call(self, inputs):
        return inputs + self.bias

print(Bias()(tf.ones((1, 2))).shape)
