"""The fix from the thread: the Python edit wrapped in tf.py_function."""

import tensorflow as tf

records = {"text": ["hello world", "graph mode"], "label": [0, 1]}
ds = tf.data.Dataset.from_tensor_slices(records)


def parse_str(str_tensor):
    return "AAA" + str_tensor.numpy().decode("utf-8")


def parse(row):
    text = tf.py_function(parse_str, [row["text"]], tf.string)
    return {"text": text, "label": row["label"]}


for item in ds.map(parse):
    print(item)
