# SOURCE: https://github.com/tensorflow/tensorflow/issues/47230
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a replay buffer keeps TensorArrays filled eagerly and gathers random samples from them inside a tf.function training loop; eager TensorArrays cannot be used from graph code
"""An off-policy agent's replay buffer stored in TensorArrays and sampled by a traced train loop."""

import tensorflow as tf


class ReplayBuffer:
    def __init__(self, size):
        self.size = size
        self.obs_buf = tf.TensorArray(tf.float32, size=size, clear_after_read=False)
        self.rew_buf = tf.TensorArray(tf.float32, size=size, clear_after_read=False)

    def store(self, i, obs, rew):
        self.obs_buf = self.obs_buf.write(i, obs)
        self.rew_buf = self.rew_buf.write(i, rew)

    def get_sample(self, batch_size):
        idxs = tf.random.uniform(shape=[batch_size], maxval=self.size, dtype=tf.int32)
        obs = self.obs_buf.gather(indices=idxs)  # EXPECT: graph-incompatible/eager-tensorarray-in-traced-code
        rew = self.rew_buf.gather(indices=idxs)  # EXPECT: graph-incompatible/eager-tensorarray-in-traced-code
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
