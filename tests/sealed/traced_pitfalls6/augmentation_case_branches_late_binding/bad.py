# SOURCE: https://github.com/tensorflow/tensorflow/issues/31084
# SYMPTOM: distinct "branch" < 2
# DESCRIPTION: a compiled random-choice helper builds tf.case's predicate/function pairs with a list comprehension whose lambdas close over the loop index, so every branch runs the last function
"""Applies one of several augmentations chosen by an index tensor."""

import tensorflow as tf

augmentations = [
    lambda v: v + 1.0,
    lambda w: w * 10.0,
    lambda u: u - 5.0,
]


@tf.function
def random_choice(x, index):
    pairs = [(tf.equal(index, i), lambda: augmentations[i](x)) for i in range(3)]  # EXPECT: stale-capture/loop-variable-captured-by-lambda
    return tf.case(pairs, exclusive=True)


for choice in range(3):
    print("branch", float(random_choice(tf.constant(2.0), tf.constant(choice))))
