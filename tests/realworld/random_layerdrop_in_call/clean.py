"""The fix: draw the LayerDrop decision with tf.random and branch with tf.cond."""

import tensorflow as tf

tf.random.set_seed(0)


class Encoder(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(2, kernel_initializer="ones") for _ in range(4)]

    def call(self, x, training=False):
        for block in self.blocks:
            skip = tf.logical_and(training, tf.random.uniform([]) < 0.5)
            x = tf.cond(skip, lambda x=x: x, lambda x=x, block=block: block(x))
        return x


encoder = Encoder()
encoder(tf.ones([1, 2]))  # builds every block eagerly
step = tf.function(lambda x: tf.reduce_sum(encoder(x, training=True)))
for _ in range(6):
    print("kept", float(step(tf.ones([1, 2]))))
