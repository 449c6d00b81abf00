# SOURCE: https://github.com/tensorflow/tensorflow/issues/28257
# SYMPTOM: raises ValueError
# DESCRIPTION: sentences are tokenized by a Python function wrapped in the dataset map and then padded into batches, but the wrapped function's output has no known shape, so the padded batching cannot work out how to pad it
"""Tokenizes sentences with a Python tokenizer inside a tf.data pipeline."""

import numpy as np
import tensorflow as tf

VOCAB = {"the": 1, "cat": 2, "sat": 3, "on": 4, "mat": 5}


def tokenize(sentence):
    words = sentence.numpy().decode().split()
    return np.array([VOCAB.get(w, 0) for w in words], np.int64)


def encode(sentence):
    return tf.py_function(tokenize, [sentence], tf.int64)  # EXPECT: graph-incompatible/unknown-shape-from-python-function


sentences = tf.data.Dataset.from_tensor_slices(["the cat sat", "the cat sat on the mat"])
batches = sentences.map(encode).padded_batch(2)
for batch in batches:
    print("batch", batch.numpy().tolist())
