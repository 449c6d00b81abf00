"""The fix: build a tf.lookup table from the dictionary, which graph code can query."""

import tensorflow as tf

label_to_index = {"cat": 0, "dog": 1, "bird": 2}
table = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(list(label_to_index), list(label_to_index.values())),
    default_value=-1,
)


def encode(text, label):
    return text, table.lookup(label)


dataset = tf.data.Dataset.from_tensor_slices((["a", "b", "c"], ["dog", "cat", "bird"])).map(encode)
for text, label in dataset:
    print("label", int(label))
