# SOURCE: https://github.com/google-research/seed_rl/issues/52
# SYMPTOM: distinct "number_random" < 3
"""np.random.random() drawn inside the traced inference function."""

import numpy as np
import tensorflow as tf


@tf.function
def random1():
    i = np.random.random()  # EXPECT: TF805
    return tf.constant(i)


for _ in range(4):
    print("number_random", float(random1()))
