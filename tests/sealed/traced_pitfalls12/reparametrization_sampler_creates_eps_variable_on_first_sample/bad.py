# SOURCE: https://github.com/secondmind-labs/trieste/issues/811
# SYMPTOM: traces >= 2
# DESCRIPTION: a sampler's sample() creates its tf.Variable lazily the first time it runs, inside a compiled acquisition function, so the function is traced twice on its first call
import tensorflow as tf


class IndependentReparametrizationSampler:
    def __init__(self, sample_size, mean_fn):
        self._sample_size = sample_size
        self._mean_fn = mean_fn
        self._eps = None

    def sample(self, at):
        mean = self._mean_fn(at)
        if self._eps is None:
            self._eps = tf.Variable(  # EXPECT: variable-creation/lazy-variable-in-traced-method
                tf.random.normal([self._sample_size, tf.shape(mean)[-1]], dtype=tf.float64)
            )
        return mean[..., None, :] + self._eps


sampler = IndependentReparametrizationSampler(16, lambda x: tf.reduce_sum(x**2, axis=-1, keepdims=True))


@tf.function
def batch_expected_improvement(at):
    samples = sampler.sample(at)
    return tf.reduce_mean(tf.maximum(1.0 - samples, 0.0), axis=-2)


for step in range(3):
    x = tf.random.uniform([8, 2], dtype=tf.float64)
    print("step", step, float(tf.reduce_max(batch_expected_improvement(x))))
