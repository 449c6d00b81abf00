# class: 6
# self.add_metric(tensor, name=...) inside call.
import tensorflow as tf

class Tracked(tf.keras.layers.Layer):
    def call(self, inputs):
        self.add_metric(tf.reduce_mean(inputs), name="mean_activation")  # EXPECT
        return inputs

print(Tracked()(tf.ones((2, 2))).shape)
