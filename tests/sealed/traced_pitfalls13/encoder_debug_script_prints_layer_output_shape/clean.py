import numpy as np
import tensorflow as tf
import keras
from keras import layers

vocab, width = 500, 24
embed = layers.Embedding(vocab, width)
encode = layers.Bidirectional(layers.GRU(16, return_sequences=True))
pool = layers.GlobalMaxPooling1D()
head = layers.Dense(3, activation="softmax")

tokens = tf.constant(np.random.default_rng(5).integers(1, vocab, size=(8, 12)))
x = tokens
for layer in (embed, encode, pool, head):
    x = layer(x)
    print(layer.name, "->", tuple(x.shape))
print("class probabilities", x.shape)
