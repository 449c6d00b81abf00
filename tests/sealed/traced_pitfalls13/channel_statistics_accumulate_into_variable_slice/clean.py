import numpy as np
import tensorflow as tf

rng = np.random.default_rng(16)
stats = tf.Variable(tf.zeros([2, 3, 3]))

for step in range(3):
    batch = tf.constant(rng.random((8, 2, 3)), tf.float32)
    channel = step % 3
    update = tf.reduce_sum(batch, axis=0)
    stats[:, :, channel].assign(stats[:, :, channel] + update)

print("accumulated", float(tf.reduce_sum(stats)))
