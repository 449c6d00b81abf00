# SOURCE: https://github.com/florence-bockting/elicito/pull/52
# SYMPTOM: traces >= 5
# DESCRIPTION: a compiled simulation step reseeds the global random generator with tf.random.set_seed from a per-epoch Python seed inside the traced function, so every epoch's new seed builds a new graph
"""A compiled forward simulation drawn with a fresh seed each epoch."""

import tensorflow as tf

prior_mean = tf.Variable([0.5, -0.2])


@tf.function
def simulate(seed):
    tf.random.set_seed(seed)  # EXPECT: retracing/random-set-seed-in-traced-code
    draws = prior_mean + tf.random.normal((64, 2))
    return tf.reduce_mean(draws, axis=0)


for epoch in range(6):
    means = simulate(100 + epoch)
    print("epoch", epoch, [round(float(m), 3) for m in means])
