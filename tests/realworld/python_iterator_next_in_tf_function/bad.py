# SOURCE: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
# SYMPTOM: distinct "batch" < 3
"""`next()` on a Python iterator inside a tf.function: every call gets the first element."""

import tensorflow as tf

batches = iter([1.0, 2.0, 3.0, 4.0])


@tf.function
def train():
    return tf.constant(next(batches)) * 10  # EXPECT: TF203


for _ in range(3):
    print("batch", float(train()))
