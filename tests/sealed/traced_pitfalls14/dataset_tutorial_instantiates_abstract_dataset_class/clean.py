import numpy as np
import tensorflow as tf

sequence = np.array([[[1]], [[2], [3]]], dtype=object)


def generator():
    for el in sequence:
        yield np.array(el, dtype=np.int64).ravel()


dataset = tf.data.Dataset.from_generator(
    generator, output_signature=tf.TensorSpec(shape=(None,), dtype=tf.int64)
)
for el in dataset:
    print("element", el.numpy())
