"""The fix: run the Python staging code through tf.py_function, once per element."""

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


def stage(name):
    name = name.numpy().decode()
    shutil.copy(os.path.join(source, name), os.path.join(scratch, name))
    return os.path.join(scratch, name)


def read_shard(name):
    staged = tf.py_function(stage, [name], tf.string)
    return tf.io.read_file(staged)


contents = [c.numpy().decode() for c in tf.data.Dataset.from_tensor_slices(names).map(read_shard)]
print("read", contents)
print("staged", len(os.listdir(scratch)))
