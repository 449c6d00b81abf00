# class: 4
# add_weight("kernel", shape=...): the name was add_weight's first parameter.
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight("kernel", shape=(input_shape[-1],), initializer="ones")  # EXPECT

    def call(self, inputs):
        return inputs * self.kernel

print(Scale()(tf.ones((1, 3))).numpy().tolist())
