# SOURCE: https://github.com/NVlabs/sionna/issues/866
# SYMPTOM: raises TypeError
"""A decoder builds its check matrix lazily on its first call and keeps it on `self`; the first
call is inside a tf.function, so the kept tensor belongs to that graph and the next trace (a new
batch size) fails: the tensor is out of scope."""

import numpy as np
import tensorflow as tf


class Decoder:
    def __init__(self, n):
        self.n = n
        self._check_matrix = None

    def __call__(self, llrs):
        if self._check_matrix is None:
            self._check_matrix = tf.constant(np.eye(self.n, dtype="float32"))  # EXPECT: TF301
        return tf.matmul(llrs, self._check_matrix)


@tf.function
def run_decoder_graph(decoder_instance, llrs_input):
    return decoder_instance(llrs_input)


decoder = Decoder(6)
for batch in (2, 3):
    run_decoder_graph(decoder, tf.ones((batch, 6)))
