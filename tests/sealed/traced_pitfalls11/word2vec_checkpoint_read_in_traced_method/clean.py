"""The fix: restore the checkpoint eagerly (no tf.function on the restore method);
tf.function is for the model's computation, not for checkpoint I/O."""

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

    def restore(self, path):
        tf.train.Checkpoint(model=self).read(path).assert_existing_objects_matched()
        return self.target_embedding.embeddings[0, 0]

m = Word2Vec(50, 4)
t = tf.constant([[1]]); c = tf.constant([[2, 3, 4, 5, 6]])
m((t, c))
d = tempfile.mkdtemp()
p = tf.train.Checkpoint(model=m).write(os.path.join(d, "w2v"))
saved = m.target_embedding.embeddings[0,0].numpy()
m.target_embedding.embeddings.assign(tf.zeros_like(m.target_embedding.embeddings))
print("[restored]", m.restore(p).numpy(), "[saved]", saved)
