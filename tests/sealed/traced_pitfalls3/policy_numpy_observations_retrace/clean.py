"""The fix: declare the observation's variable node dimension in an input signature."""

import numpy as np
import tensorflow as tf

scorer = tf.keras.layers.Dense(1)


@tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float32)])
def policy(observation):
    logits = tf.squeeze(scorer(observation), -1)
    return tf.argmax(logits)


actions = []
for n_nodes in [3, 5, 4, 7, 6, 8]:
    observation = np.random.rand(n_nodes, 6).astype("float32")
    actions.append(int(policy(observation)))
print("actions", len(actions))
