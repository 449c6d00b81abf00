"""The fix: keep the buffer in tf.Variables, which graph code can read and gather from."""

import tensorflow as tf


class ReplayBuffer:
    def __init__(self, size):
        self.size = size
        self.obs_buf = tf.Variable(tf.zeros([size, 3]))
        self.rew_buf = tf.Variable(tf.zeros([size]))

    def store(self, i, obs, rew):
        self.obs_buf[i].assign(obs)
        self.rew_buf[i].assign(rew)

    def get_sample(self, batch_size):
        idxs = tf.random.uniform(shape=[batch_size], maxval=self.size, dtype=tf.int32)
        obs = tf.gather(self.obs_buf, idxs)
        rew = tf.gather(self.rew_buf, idxs)
        return obs, rew


rpm = ReplayBuffer(16)
for i in range(16):
    rpm.store(i, tf.ones([3]) * i, float(i))


@tf.function
def train(rpm, batch_size, gradient_steps):
    total = 0.0
    for gradient_step in tf.range(1, gradient_steps + 1):
        obs, rew = rpm.get_sample(batch_size)
        total += tf.reduce_sum(rew) + tf.reduce_sum(obs)
    return total


print("total", float(train(rpm, 4, 3)))
