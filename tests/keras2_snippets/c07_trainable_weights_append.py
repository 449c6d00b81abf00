# class: 7
# Registering an extra variable with self._trainable_weights.append.
import tensorflow as tf

class Extra(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.alpha = tf.Variable(1.0)
        self._trainable_weights.append(self.alpha)  # EXPECT

    def call(self, inputs):
        return inputs * self.alpha

layer = Extra()
layer(tf.ones((1, 2)))
print(len(layer.trainable_weights))
