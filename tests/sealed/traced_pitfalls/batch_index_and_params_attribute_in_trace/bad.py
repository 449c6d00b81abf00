# SOURCE: https://github.com/FlamTeam/flamedisx/pull/13
# SYMPTOM: distinct "rate" < 2
# DESCRIPTION: a traced per-batch computation takes the batch index as a Python int and reads model parameters from an attribute set just before the call; the traces are reused for later parameter values, which are silently ignored
"""A likelihood source that computes differential rates batch by batch in a traced method."""

import tensorflow as tf


class Source:
    def __init__(self, data, n_batches):
        self.data = tf.reshape(data, [n_batches, -1])
        self.n_batches = n_batches
        self._params = None

    @tf.function
    def _differential_rate(self, i_batch):
        batch = self.data[i_batch]
        return tf.reduce_sum(batch * self._params["rate"] + self._params["offset"])  # EXPECT: stale-capture/python-attribute-read-in-traced-code

    def batched_differential_rate(self, params):
        self._params = params
        return [self._differential_rate(i_batch) for i_batch in range(self.n_batches)]  # EXPECT: retracing/python-scalar-argument


source = Source(tf.linspace(0.0, 1.0, 12), n_batches=3)
for params in ({"rate": 1.0, "offset": 0.0}, {"rate": 2.0, "offset": 0.5}):
    print("rate", round(float(tf.add_n(source.batched_differential_rate(params))), 4))
