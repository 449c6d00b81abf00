# SOURCE: https://github.com/tensorflow/tensorflow/issues/30468
# SYMPTOM: raises AttributeError
# DESCRIPTION: a feature-statistics accumulator adds each batch's per-channel sums into one channel slice of a tf.Variable with var[..., k].assign_add; sliced variables support assign but not assign_add, so the update must be written as a sliced assign of the sum
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(16)
stats = tf.Variable(tf.zeros([2, 3, 3]))

for step in range(3):
    batch = tf.constant(rng.random((8, 2, 3)), tf.float32)
    channel = step % 3
    update = tf.reduce_sum(batch, axis=0)
    stats[:, :, channel].assign_add(update)  # EXPECT: api-misuse/sliced-variable-assign-add

print("accumulated", float(tf.reduce_sum(stats)))
