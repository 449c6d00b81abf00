# SOURCE: https://github.com/tensorflow/tensorflow/issues/29884
# SYMPTOM: number "staged" < 4
# DESCRIPTION: a dataset map function runs plain Python file-system code to stage each element's file before reading it, but that Python code runs only once, while the map function is traced
"""Staging encrypted shards to a scratch folder before reading them in a tf.data pipeline."""

import os
import shutil
import tempfile

import tensorflow as tf

source = tempfile.mkdtemp()
scratch = tempfile.mkdtemp()
names = [f"shard_{i}.txt" for i in range(4)]
for name in names:
    with open(os.path.join(source, name), "w") as handle:
        handle.write(name)


def read_shard(name):
    shutil.copy(os.path.join(source, "shard_0.txt"), os.path.join(scratch, f"copy_{len(os.listdir(scratch))}.txt"))  # EXPECT: side-effect/file-system-call-in-traced-code
    return tf.io.read_file(tf.strings.join([source, "/", name]))


contents = [c.numpy().decode() for c in tf.data.Dataset.from_tensor_slices(names).map(read_shard)]
print("read", contents)
print("staged", len(os.listdir(scratch)))
