# SOURCE: https://github.com/tensorflow/tensorflow/issues/59471
# SYMPTOM: raises InvalidArgumentError
# DESCRIPTION: switching an interleaved TextLineDataset pipeline to from_generator, the author wraps a Python file-reading generator in a lambda that closes over the interleave function's filename; that filename is a symbolic tensor, so open() inside the generator fails when the dataset is iterated
"""Interleave lines from several text files through a Python reader generator."""

import os
import tempfile

import tensorflow as tf

root = tempfile.mkdtemp()
fnames = []
for name in ["file1.txt", "file2.txt", "file1_fr.txt", "file2_fr.txt"]:
    path = os.path.join(root, name)
    with open(path, "w") as f:
        f.write("".join(f"{name} sentence {i}\n" for i in range(3)))
    fnames.append(path)


def generator(fname):
    with open(fname, "r") as f:
        for line in f.readlines():
            yield [line]


def dataset_from_generator(fname):
    return tf.data.Dataset.from_generator(
        lambda: generator(fname),  # EXPECT: graph-incompatible/symbolic-tensor-captured-by-python-generator
        output_signature=tf.TensorSpec(shape=(1,), dtype=tf.string),
    )


dataset = tf.data.Dataset.from_tensor_slices(fnames)
dataset = dataset.interleave(lambda fname: dataset_from_generator(fname), cycle_length=2)

lines = [element for element in dataset]
print("[lines]", len(lines))
