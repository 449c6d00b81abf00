# class: 6
# self.add_update(...) inside a custom layer's call.
import tensorflow as tf

class Counter(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.count = tf.Variable(0.0, trainable=False)

    def call(self, inputs):
        self.add_update(self.count.assign_add(1.0))  # EXPECT
        return inputs

layer = Counter()
layer(tf.ones((1, 2)))
print(float(layer.count))
