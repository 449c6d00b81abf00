# SOURCE: https://github.com/tensorflow/tensorflow/issues/50260
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""`make_csv_dataset` needs file names it can list in Python; inside `interleave` it gets a tensor."""

import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
for index in range(2):
    with open(os.path.join(folder, f"part{index}.csv"), "w") as handle:
        handle.write("a,b\n1,2\n3,4\n")

files = tf.data.Dataset.list_files(os.path.join(folder, "*.csv"))
dataset = files.interleave(
    lambda name: tf.data.experimental.make_csv_dataset(name, batch_size=2, num_epochs=1)  # EXPECT: graph-incompatible/python-only-api-given-tensor
)
for batch in dataset:
    print("rows", int(tf.shape(batch["a"])[0]))
