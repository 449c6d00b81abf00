# SOURCE: https://github.com/google/sedpack/pull/33
# SYMPTOM: lines "[record]" < 8
# DESCRIPTION: Dataset.from_generator is given a lambda that returns one iterator created beforehand, so the second pass over the dataset finds it exhausted and yields nothing
"""A tf.data pipeline over records read by a Python iterator, iterated once per epoch."""

import tensorflow as tf

records = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]
record_iter = iter(records)

dataset = tf.data.Dataset.from_generator(
    lambda: record_iter,  # EXPECT: api-misuse/from-generator-shared-iterator
    output_signature=tf.TensorSpec(shape=(2,), dtype=tf.float32),
)

for epoch in range(2):
    for record in dataset:
        print("[record]", epoch, record.numpy())
