"""The fix: build the constant when the decoder is created, outside any traced function."""

import numpy as np
import tensorflow as tf


class Decoder:
    def __init__(self, n):
        self.n = n
        self._check_matrix = tf.constant(np.eye(n, dtype="float32"))

    def __call__(self, llrs):
        return tf.matmul(llrs, self._check_matrix)


@tf.function
def run_decoder_graph(decoder_instance, llrs_input):
    return decoder_instance(llrs_input)


decoder = Decoder(6)
for batch in (2, 3):
    run_decoder_graph(decoder, tf.ones((batch, 6)))
