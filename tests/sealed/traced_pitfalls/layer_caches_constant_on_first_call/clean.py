"""The fix: build the constant eagerly when the layer is made, not inside the traced call."""

import numpy as np
import tensorflow as tf


class Decoder(tf.keras.layers.Layer):
    def __init__(self, k, n):
        super().__init__()
        self.k, self.n = k, n
        self._parity = tf.constant(np.random.default_rng(0).random((n, k)), tf.float32)

    def call(self, llrs):
        return tf.cast(tf.matmul(llrs, self._parity) > 0, tf.float32)


@tf.function
def run_decoder_graph(decoder, llrs):
    return decoder(llrs)


dec = Decoder(12, 24)
for batch in (4, 8):
    bits = run_decoder_graph(dec, tf.random.normal([batch, 24]))
    print("bits", bits.shape)
