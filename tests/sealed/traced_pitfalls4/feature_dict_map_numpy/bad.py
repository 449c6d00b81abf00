# SOURCE: https://github.com/tensorflow/tensorflow/issues/32842
# SYMPTOM: raises AttributeError
# DESCRIPTION: a tabular input pipeline maps a preprocessing function over dictionary records and reads each field's value with numpy inside it, which works when the function is tried eagerly but fails because Dataset.map traces it with symbolic tensors
"""Preprocessing dictionary records of a tabular dataset."""

import tensorflow as tf

records = {"var1": [2, 3, 4], "var2": ["foo", "bar", "barfoo"], "var3": [1.3, 1.5, 1.8]}
dataset = tf.data.Dataset.from_tensor_slices(records)


def use_dict(row):
    scaled = row["var3"].numpy() * 10.0  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return {"var1": row["var1"], "var3": scaled}


dataset = dataset.map(use_dict)
print("rows", len(list(dataset)))
