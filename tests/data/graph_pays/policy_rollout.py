"""An agent's rollout loop: the policy network run eagerly on one observation per step."""

import tensorflow as tf

PAYS = ["act"]

W1 = tf.reshape(tf.range(8 * 16, dtype=tf.float32) % 7.0 / 7.0 - 0.5, [8, 16])
W2 = tf.reshape(tf.range(16 * 4, dtype=tf.float32) % 5.0 / 5.0 - 0.5, [16, 4])


def act(observation):
    hidden = tf.nn.relu(tf.matmul(observation[None, :], W1))
    hidden = hidden / (tf.norm(hidden) + 1.0)
    logits = tf.matmul(hidden, W2)[0]
    probabilities = tf.nn.softmax(logits - tf.reduce_max(logits))
    value = tf.reduce_sum(probabilities * tf.range(4, dtype=tf.float32))
    return tf.argmax(probabilities), value


observation = tf.zeros([8])
for step in range(300):
    action, value = act(observation)
    observation = tf.roll(observation, 1, axis=0) + tf.cast(action, tf.float32) * 0.01
