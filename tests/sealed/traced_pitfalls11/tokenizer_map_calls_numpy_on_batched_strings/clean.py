"""The fix: wrap the Python tokenizer in tf.py_function so it receives eager string tensors."""

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


def encode(query, doc):
    return (
        batch_encode_plus(query.numpy().astype("str")),
        batch_encode_plus(doc.numpy().astype("str")),
    )


def tokenize(sample):
    return tf.py_function(encode, [sample["query"], sample["doc"]], [tf.int32, tf.int32])


tokenized = batched_dataset.map(tokenize)
for query, doc in tokenized:
    print("[batch]", query.shape, doc.shape)
