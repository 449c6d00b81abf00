# class: 10
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(name="scale", shape=(), initializer="ones")

    def call(self, inputs):
        return inputs * self.scale

layer = Scale()
layer(tf.ones((1, 2)))
print(len(layer.trainable_weights))
