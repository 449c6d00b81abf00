"""The fix: alpha_i goes in as a tensor."""

import tensorflow as tf

sigmas = [1.0, 0.7, 0.5, 0.3, 0.2, 0.1]
step_lr = 2e-5


@tf.function
def sample_one_step(x, alpha_i):
    return x + alpha_i * tf.random.normal(tf.shape(x))


x = tf.zeros([2, 2])
for sigma_i in sigmas:
    alpha_i = step_lr * (sigma_i / sigmas[-1]) ** 2
    x = sample_one_step(x, tf.constant(alpha_i))
