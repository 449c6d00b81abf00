# class: 1
# add_weight(..., experimental_autocast=False) for a float32 weight under mixed precision.
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(name="scale", shape=(), initializer="ones", experimental_autocast=False)  # EXPECT

    def call(self, inputs):
        return inputs * self.scale

print(Scale()(tf.ones((1, 2))).shape)
