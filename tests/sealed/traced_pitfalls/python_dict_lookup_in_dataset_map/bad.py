# SOURCE: https://github.com/tensorflow/tensorflow/issues/35127
# SYMPTOM: raises TypeError
# DESCRIPTION: a function given to Dataset.map looks up a string tensor in a Python dictionary to map labels to ids; graph tensors cannot be dictionary keys
"""Turning string labels into class ids inside a tf.data pipeline."""

import tensorflow as tf

label_to_index = {"cat": 0, "dog": 1, "bird": 2}


def encode(text, label):
    return text, label_to_index[label]  # EXPECT: graph-incompatible/tensor-as-dict-key


dataset = tf.data.Dataset.from_tensor_slices((["a", "b", "c"], ["dog", "cat", "bird"])).map(encode)
for text, label in dataset:
    print("label", int(label))
