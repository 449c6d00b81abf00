# class: 10
# A plain tf.Variable on a layer: tracked and trained by Keras 2, not by Keras 3.
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(1.0)  # EXPECT

    def call(self, inputs):
        return inputs * self.scale

layer = Scale()
layer(tf.ones((1, 2)))
print(len(layer.trainable_weights))
