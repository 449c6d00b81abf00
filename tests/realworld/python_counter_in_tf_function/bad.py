# SOURCE: https://github.com/google-research/seed_rl/issues/52
# SYMPTOM: distinct "count" < 4
"""A Python counter initialised outside and incremented in the traced inference function."""

import tensorflow as tf

a = 0


@tf.function
def inference(x):
    global a
    a += 1  # EXPECT: TF202
    return x + 1


for _ in range(4):
    inference(tf.constant(1))
    print("count", a)
