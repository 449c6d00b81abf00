import numpy as np
import tensorflow as tf
import keras
from keras import ops


class TiedEmbeddingsTransposed(keras.layers.Layer):
    def __init__(self, tied_to=None, **kwargs):
        super().__init__(**kwargs)
        self.tied_to = tied_to

    def call(self, inputs):
        return ops.matmul(inputs, ops.transpose(self.tied_to.embeddings))


vocab, dim = 6, 4
embedding = keras.layers.Embedding(vocab, dim)
tied = TiedEmbeddingsTransposed(tied_to=embedding)
ids = keras.Input((1,), dtype="int32")
hidden = keras.layers.Reshape((dim,))(embedding(ids))
logits = tied(keras.layers.Dense(dim)(hidden))
model = keras.Model(ids, logits)

x = np.zeros((8, 1), dtype="int32")  # only token 0 is looked up
y = np.random.randint(0, vocab, (8,))
with tf.GradientTape() as tape:
    loss = ops.mean(keras.losses.sparse_categorical_crossentropy(y, model(x), from_logits=True))
grad = tf.convert_to_tensor(tape.gradient(loss, embedding.weights[0]))
print("tied_path_grad", f"{float(tf.reduce_sum(tf.abs(grad[1:]))):.12f}")
