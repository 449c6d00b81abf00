# SOURCE: https://github.com/tensorflow/tensorflow/issues/30653
# SYMPTOM: raises AttributeError
# DESCRIPTION: a text pipeline splits and filters sentences with Python string methods on each tensor's numpy value inside Dataset.map, expecting eager execution there, but the mapped function is traced and its tensors have no numpy value
"""Custom tokenization of sentences in an input pipeline."""

import tensorflow as tf

sentences = tf.data.Dataset.from_tensor_slices(["the cat sat", "a dog ran far", "birds fly"])


def tokenize(line):
    words = line.numpy().decode("utf-8").split(" ")  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return tf.constant([w for w in words if len(w) > 2])


tokens = sentences.map(tokenize)
for t in tokens:
    print("tokens", t.numpy())
