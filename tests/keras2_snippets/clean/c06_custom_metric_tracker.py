# class: 6
import tensorflow as tf

class Tracked(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.tracker = tf.keras.metrics.Mean(name="mean_activation")

    def call(self, inputs):
        self.tracker.update_state(tf.reduce_mean(inputs))
        self.add_loss(tf.reduce_sum(inputs) * 0.0)
        return inputs

print(Tracked()(tf.ones((2, 2))).shape)
