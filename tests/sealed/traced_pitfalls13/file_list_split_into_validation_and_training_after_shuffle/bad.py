# SOURCE: https://github.com/tensorflow/tensorflow/issues/38879
# SYMPTOM: number "files in both splits" >= 1
# DESCRIPTION: a pipeline lists its data files with tf.data.Dataset.list_files (shuffled by default, reshuffled on every iteration) and then splits them with take/skip, so each pass draws a different validation subset and files leak between validation and training
import os
import tempfile

import tensorflow as tf

data_dir = tempfile.mkdtemp()
for i in range(20):
    with open(os.path.join(data_dir, f"sample_{i:02d}.txt"), "w") as f:
        f.write(f"{i},{i % 3}\n")

files = tf.data.Dataset.list_files(os.path.join(data_dir, "*.txt"))  # EXPECT: api-misuse/take-skip-split-of-reshuffled-dataset
n_val = 5
val_files = files.take(n_val)
train_files = files.skip(n_val)

seen_in_val = set()
seen_in_train = set()
for epoch in range(3):
    seen_in_val.update(f.numpy() for f in val_files)
    seen_in_train.update(f.numpy() for f in train_files)
print("validation files seen", len(seen_in_val))
print("files in both splits", len(seen_in_val & seen_in_train))
