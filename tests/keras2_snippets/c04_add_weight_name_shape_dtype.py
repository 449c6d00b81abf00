# class: 4
# add_weight("step", (), tf.int64, ...): name, shape, dtype in order.
import tensorflow as tf

class Counter(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.step = self.add_weight("step", (), tf.int64, initializer="zeros", trainable=False)  # EXPECT

    def call(self, inputs):
        self.step.assign_add(1)
        return inputs

layer = Counter()
layer(tf.ones((1, 2)))
print(int(layer.step))
