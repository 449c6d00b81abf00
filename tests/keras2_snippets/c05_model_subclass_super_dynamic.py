# class: 5
# A Model subclass asking for eager execution with super().__init__(dynamic=True).
import tensorflow as tf

class Net(tf.keras.Model):
    def __init__(self):
        super().__init__(dynamic=True)  # EXPECT
        self.dense = tf.keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(inputs)

print(Net()(tf.ones((2, 3))).shape)
