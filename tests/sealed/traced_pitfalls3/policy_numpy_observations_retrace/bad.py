# SOURCE: https://github.com/NatLabRockies/graph-env/issues/24
# SYMPTOM: traces >= 5
# DESCRIPTION: a graph environment hands its policy NumPy observation arrays whose node count changes from state to state, and the decorated policy function has no input signature, so each new observation size retraces the policy
"""A policy over graph states whose number of candidate nodes varies."""

import numpy as np
import tensorflow as tf

scorer = tf.keras.layers.Dense(1)


@tf.function
def policy(observation):  # EXPECT: retracing/shape-varies-between-calls
    logits = tf.squeeze(scorer(observation), -1)
    return tf.argmax(logits)


actions = []
for n_nodes in [3, 5, 4, 7, 6, 8]:
    observation = np.random.rand(n_nodes, 6).astype("float32")
    actions.append(int(policy(observation)))
print("actions", len(actions))
