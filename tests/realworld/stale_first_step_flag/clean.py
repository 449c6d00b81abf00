"""The fix: the flag is a tf.Variable read in the graph."""

import tensorflow as tf


class Decoder(tf.Module):
    def __init__(self):
        self.step_0 = tf.Variable(True)

    @tf.function
    def __call__(self, x):
        if not self.step_0:
            return x
        return x * 2.0


decoder = Decoder()
for _ in range(3):
    print("layers", float(decoder(tf.constant(1.0))))
    decoder.step_0.assign(False)
