"""The fix: give `make_csv_dataset` the file pattern, outside any traced function."""

import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
for index in range(2):
    with open(os.path.join(folder, f"part{index}.csv"), "w") as handle:
        handle.write("a,b\n1,2\n3,4\n")

dataset = tf.data.experimental.make_csv_dataset(
    os.path.join(folder, "*.csv"), batch_size=2, num_epochs=1
)
for batch in dataset:
    print("rows", int(tf.shape(batch["a"])[0]))
