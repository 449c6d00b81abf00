# class: 7
# input_shape.as_list() in build(): Keras 3 passes a tuple.
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        dims = input_shape.as_list()  # EXPECT
        self.scale = self.add_weight(name="scale", shape=(dims[-1],), initializer="ones")

    def call(self, inputs):
        return inputs * self.scale

print(Scale()(tf.ones((1, 3))).shape)
