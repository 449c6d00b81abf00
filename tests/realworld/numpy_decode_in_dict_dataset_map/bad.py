# SOURCE: https://github.com/tensorflow/tensorflow/issues/32842
# SYMPTOM: raises AttributeError
"""A map over a dataset of dicts decodes a text field with .numpy() to edit it in Python."""

import tensorflow as tf

records = {"text": ["hello world", "graph mode"], "label": [0, 1]}
ds = tf.data.Dataset.from_tensor_slices(records)


def parse(row):
    raw = row["text"].numpy().decode("utf-8")  # EXPECT: TF801
    return {"text": "AAA" + raw, "label": row["label"]}


for item in ds.map(parse):
    print(item)
