"""The PR's fix: signatures with None for the node and edge counts."""

import tensorflow as tf

weights = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32) / 12.0, [3, 4]))
optimizer_rate = 0.05


@tf.function(
    input_signature=[
        tf.TensorSpec([None, 3], tf.float32),
        tf.TensorSpec([None], tf.int32),
        tf.TensorSpec([None], tf.int32),
        tf.TensorSpec([None], tf.float32),
    ]
)
def update_step(nodes, senders, receivers, targets):
    with tf.GradientTape() as tape:
        messages = tf.gather(nodes, senders) @ weights
        aggregated = tf.math.unsorted_segment_sum(messages, receivers, tf.shape(nodes)[0])
        loss = tf.reduce_mean((tf.reduce_sum(aggregated, axis=1) - targets) ** 2)
    weights.assign_sub(optimizer_rate * tape.gradient(loss, weights))
    return loss


for count in (5, 8, 6, 11, 7):
    nodes = tf.reshape(tf.range(count * 3, dtype=tf.float32) % 4.0, [count, 3])
    senders = tf.range(count - 1)
    receivers = tf.range(1, count)
    update_step(nodes, senders, receivers, tf.ones([count]))
