# class: 1
# Keras 3's Embedding still takes weights= (its own parameter; the base Layer refuses it).
import numpy as np
import tensorflow as tf

layer = tf.keras.layers.Embedding(4, 2, weights=[np.ones((4, 2), "float32")])
print(layer(np.array([[1, 2]])).numpy().sum())
