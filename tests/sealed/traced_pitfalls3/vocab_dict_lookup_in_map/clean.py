"""The fix: a lookup table, which is a graph op keyed by string tensors."""

import tensorflow as tf

word_to_index = {"<PAD>": 0, "foo": 1, "bar": 2, "baz": 3}
table = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(
        list(word_to_index.keys()), list(word_to_index.values()), value_dtype=tf.int64
    ),
    default_value=0,
)


def to_index(token):
    return table.lookup(token)


tokens = tf.data.Dataset.from_tensor_slices(["foo", "baz", "bar"])
print("indices", [int(i) for i in tokens.map(to_index)])
