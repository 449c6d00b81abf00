# SOURCE: https://github.com/tensorflow/tensorflow/issues/38672
# SYMPTOM: raises AttributeError
# DESCRIPTION: a map function over a batched dataset of query/document strings calls .numpy() on the string batch to feed a Python tokenizer; inside Dataset.map the batch is a symbolic tensor
"""Tokenize query/document pairs from a batched dataset with a Python tokenizer."""

import numpy as np
import tensorflow as tf

VOCAB = {}


def batch_encode_plus(texts, max_length=8):
    ids = []
    for text in texts:
        tokens = [VOCAB.setdefault(word, len(VOCAB) + 1) for word in text.split()][:max_length]
        ids.append(tokens + [0] * (max_length - len(tokens)))
    return np.array(ids, np.int32)


samples = [
    {"query": f"this is a query {i}", "doc": f"this is one relevant document regarding query {i}"}
    for i in range(4)
]
dataset = tf.data.Dataset.from_generator(
    lambda: samples, output_signature={"query": tf.TensorSpec((), tf.string), "doc": tf.TensorSpec((), tf.string)}
)
batched_dataset = dataset.batch(2)


def tokenize(sample):
    tokenized_query = batch_encode_plus(sample["query"].numpy().astype("str"))  # EXPECT: graph-incompatible/numpy-call-in-dataset-map
    tokenized_doc = batch_encode_plus(sample["doc"].numpy().astype("str"))
    return tokenized_query, tokenized_doc


tokenized = batched_dataset.map(tokenize)
for query, doc in tokenized:
    print("[batch]", query.shape, doc.shape)
