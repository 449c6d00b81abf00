"""The fix: each branch binds its own index through a default argument."""

import tensorflow as tf

augmentations = [
    lambda v: v + 1.0,
    lambda w: w * 10.0,
    lambda u: u - 5.0,
]


@tf.function
def random_choice(x, index):
    pairs = [(tf.equal(index, i), lambda i=i: augmentations[i](x)) for i in range(3)]
    return tf.case(pairs, exclusive=True)


for choice in range(3):
    print("branch", float(random_choice(tf.constant(2.0), tf.constant(choice))))
