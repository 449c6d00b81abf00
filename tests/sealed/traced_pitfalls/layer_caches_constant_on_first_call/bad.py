# SOURCE: https://github.com/NVlabs/sionna/issues/867
# SYMPTOM: raises TypeError
# DESCRIPTION: a layer builds a constant lazily on its first call and caches it on self; the first call happens inside a tf.function, so a retrace reuses a graph tensor
"""A decoder layer run through a user's tf.function wrapper with two block sizes."""

import numpy as np
import tensorflow as tf


class Decoder(tf.keras.layers.Layer):
    def __init__(self, k, n):
        super().__init__()
        self.k, self.n = k, n
        self._parity = None

    def call(self, llrs):
        if self._parity is None:
            self._parity = tf.constant(np.random.default_rng(0).random((self.n, self.k)), tf.float32)  # EXPECT: leaked-tensor/tensor-cached-on-object
        return tf.cast(tf.matmul(llrs, self._parity) > 0, tf.float32)


@tf.function
def run_decoder_graph(decoder, llrs):
    return decoder(llrs)


dec = Decoder(12, 24)
for batch in (4, 8):
    bits = run_decoder_graph(dec, tf.random.normal([batch, 24]))
    print("bits", bits.shape)
