import tensorflow as tf


class IndependentReparametrizationSampler:
    def __init__(self, sample_size, mean_fn, event_size):
        self._sample_size = sample_size
        self._mean_fn = mean_fn
        # The noise variable is made eagerly, once, before any compiled code runs.
        self._eps = tf.Variable(tf.random.normal([sample_size, event_size], dtype=tf.float64))

    def sample(self, at):
        mean = self._mean_fn(at)
        return mean[..., None, :] + self._eps


sampler = IndependentReparametrizationSampler(
    16, lambda x: tf.reduce_sum(x**2, axis=-1, keepdims=True), event_size=1
)


@tf.function
def batch_expected_improvement(at):
    samples = sampler.sample(at)
    return tf.reduce_mean(tf.maximum(1.0 - samples, 0.0), axis=-2)


for step in range(3):
    x = tf.random.uniform([8, 2], dtype=tf.float64)
    print("step", step, float(tf.reduce_max(batch_expected_improvement(x))))
