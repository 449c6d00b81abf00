"""The fix from the change: pass the batch index and the parameters to the traced method as tensors."""

import tensorflow as tf


class Source:
    def __init__(self, data, n_batches):
        self.data = tf.reshape(data, [n_batches, -1])
        self.n_batches = n_batches

    @tf.function
    def _differential_rate(self, i_batch, ptensor):
        batch = self.data[i_batch]
        return tf.reduce_sum(batch * ptensor[0] + ptensor[1])

    def batched_differential_rate(self, params):
        ptensor = tf.constant([params["rate"], params["offset"]])
        return [self._differential_rate(tf.constant(i_batch), ptensor) for i_batch in range(self.n_batches)]


source = Source(tf.linspace(0.0, 1.0, 12), n_batches=3)
for params in ({"rate": 1.0, "offset": 0.0}, {"rate": 2.0, "offset": 0.5}):
    print("rate", round(float(tf.add_n(source.batched_differential_rate(params))), 4))
