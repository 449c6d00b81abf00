# SOURCE: https://github.com/google-deepmind/graph_nets/pull/119
# SYMPTOM: traces >= 4
"""One message-passing update per batch of graphs, whose node and edge counts vary."""

import tensorflow as tf

weights = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32) / 12.0, [3, 4]))
optimizer_rate = 0.05


@tf.function  # EXPECT: retracing/shape-varies-between-calls
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
