"""The fix: let the callable create a fresh iterator each time tf.data asks for one."""

import tensorflow as tf

records = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]

dataset = tf.data.Dataset.from_generator(
    lambda: iter(records),
    output_signature=tf.TensorSpec(shape=(2,), dtype=tf.float32),
)

for epoch in range(2):
    for record in dataset:
        print("[record]", epoch, record.numpy())
