# SOURCE: https://github.com/tensorflow/tensorflow/issues/47561
# SYMPTOM: raises TypeError
# DESCRIPTION: a subclassed word2vec Keras model decorates a restore method with tf.function and calls tf.train.Checkpoint(...).read inside it; checkpoint restoration is eager Python machinery (object-graph matching, restore ops keyed by Python objects) and breaks while the method is being traced
"""Restore the embeddings of a small word2vec model from a checkpoint."""

import os
import tempfile

import tensorflow as tf
from tensorflow.keras import Model
from tensorflow.keras.layers import Dot, Embedding, Flatten

class Word2Vec(Model):
    def __init__(self, vocab_size, embedding_dim):
        super().__init__()
        self.target_embedding = Embedding(vocab_size, embedding_dim, name="w2v_embedding")
        self.context_embedding = Embedding(vocab_size, embedding_dim)
        self.dots = Dot(axes=(2, 2))
        self.flatten = Flatten()

    def call(self, pair):
        target, context = pair
        we = self.target_embedding(target)
        ce = self.context_embedding(context)
        return self.flatten(self.dots([ce, we]))

    @tf.function
    def restore(self, path):
        tf.train.Checkpoint(model=self).read(path)  # EXPECT: graph-incompatible/checkpoint-read-in-tf-function
        return self.target_embedding.embeddings[0, 0]

m = Word2Vec(50, 4)
t = tf.constant([[1]]); c = tf.constant([[2, 3, 4, 5, 6]])
m((t, c))
d = tempfile.mkdtemp()
p = tf.train.Checkpoint(model=m).write(os.path.join(d, "w2v"))
saved = m.target_embedding.embeddings[0,0].numpy()
m.target_embedding.embeddings.assign(tf.zeros_like(m.target_embedding.embeddings))
print("[restored]", m.restore(p).numpy(), "[saved]", saved)
