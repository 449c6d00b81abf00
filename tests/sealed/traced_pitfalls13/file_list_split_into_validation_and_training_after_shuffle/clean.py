import os
import tempfile

import tensorflow as tf

data_dir = tempfile.mkdtemp()
for i in range(20):
    with open(os.path.join(data_dir, f"sample_{i:02d}.txt"), "w") as f:
        f.write(f"{i},{i % 3}\n")

# shuffle once with a fixed order before splitting, so take/skip see the same order every pass
files = tf.data.Dataset.list_files(os.path.join(data_dir, "*.txt"), shuffle=False)
files = files.shuffle(20, seed=42, reshuffle_each_iteration=False)
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
