# SOURCE: https://github.com/tensorflow/tensorflow/issues/30498
# SYMPTOM: raises AttributeError
# DESCRIPTION: a text-encoder debugging script builds its layers, runs them eagerly on a sample batch and prints each layer's output_shape; Keras layers no longer have output_shape (or input_shape), so the shape must come from the output tensor or compute_output_shape
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
    print(layer.name, "->", layer.output_shape)  # EXPECT: keras3/removed-layer-shape-attribute
print("class probabilities", x.shape)
