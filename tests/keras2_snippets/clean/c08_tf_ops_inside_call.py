# class: 8
import tensorflow as tf

class Resize(tf.keras.layers.Layer):
    def call(self, inputs):
        return tf.image.resize(tf.nn.relu(inputs), (16, 16))

inputs = tf.keras.Input((8, 8, 3))
up = Resize()(inputs)
lam = tf.keras.layers.Lambda(lambda t: tf.reduce_sum(t, axis=-1))(up)
print(tf.keras.Model(inputs, lam).output_shape)
