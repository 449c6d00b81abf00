# SOURCE: https://github.com/tech-srl/code2vec/issues/48
# SYMPTOM: raises TypeError
# DESCRIPTION: a dataset map function translates each token to its vocabulary index with a Python dictionary lookup, but inside the traced map function the token is a symbolic tensor, which cannot be a dictionary key
"""Turning path-context tokens into vocabulary indices with a dataset pipeline."""

import tensorflow as tf

word_to_index = {"<PAD>": 0, "foo": 1, "bar": 2, "baz": 3}


def to_index(token):
    return word_to_index[token]  # EXPECT: graph-incompatible/tensor-as-dict-key


tokens = tf.data.Dataset.from_tensor_slices(["foo", "baz", "bar"])
print("indices", [int(i) for i in tokens.map(to_index)])
