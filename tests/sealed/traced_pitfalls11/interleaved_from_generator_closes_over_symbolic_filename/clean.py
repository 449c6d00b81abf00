"""The fix: pass the filename to from_generator through args, so the generator receives
the value of each filename (as bytes) rather than a symbolic tensor."""

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
    with open(fname.decode(), "r") as f:
        for line in f.readlines():
            yield [line]


def dataset_from_generator(fname):
    return tf.data.Dataset.from_generator(
        generator,
        args=(fname,),
        output_signature=tf.TensorSpec(shape=(1,), dtype=tf.string),
    )


dataset = tf.data.Dataset.from_tensor_slices(fnames)
dataset = dataset.interleave(lambda fname: dataset_from_generator(fname), cycle_length=2)

lines = [element for element in dataset]
print("[lines]", len(lines))
