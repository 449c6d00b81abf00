"""The fix: the map declares the tokens' shape (one unknown-length axis) after the wrapped call."""

import numpy as np
import tensorflow as tf

VOCAB = {"the": 1, "cat": 2, "sat": 3, "on": 4, "mat": 5}


def tokenize(sentence):
    words = sentence.numpy().decode().split()
    return np.array([VOCAB.get(w, 0) for w in words], np.int64)


def encode(sentence):
    tokens = tf.py_function(tokenize, [sentence], tf.int64)
    tokens.set_shape([None])
    return tokens


sentences = tf.data.Dataset.from_tensor_slices(["the cat sat", "the cat sat on the mat"])
batches = sentences.map(encode).padded_batch(2)
for batch in batches:
    print("batch", batch.numpy().tolist())
