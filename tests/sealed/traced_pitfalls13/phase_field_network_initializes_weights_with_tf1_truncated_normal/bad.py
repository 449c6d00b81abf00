# SOURCE: https://github.com/somdattagoswami/DEM-PhaseField/issues/2
# SYMPTOM: raises AttributeError
# DESCRIPTION: a physics-informed phase-field network initializes its hand-built weight matrices with tf.truncated_normal, the TF1 name that TensorFlow 2 removed (tf.random.truncated_normal replaces it)
import numpy as np
import tensorflow as tf


def xavier_init(size):
    in_dim, out_dim = size
    stddev = np.sqrt(2.0 / (in_dim + out_dim))
    return tf.Variable(tf.truncated_normal([in_dim, out_dim], stddev=stddev), dtype=tf.float32)  # EXPECT: tf1-api/truncated-normal


layer_sizes = [2, 20, 20, 1]
weights = [xavier_init([layer_sizes[i], layer_sizes[i + 1]]) for i in range(len(layer_sizes) - 1)]
biases = [tf.Variable(tf.zeros([1, n]), dtype=tf.float32) for n in layer_sizes[1:]]


def net(x):
    h = x
    for w, b in zip(weights[:-1], biases[:-1]):
        h = tf.tanh(tf.matmul(h, w) + b)
    return tf.matmul(h, weights[-1]) + biases[-1]


points = tf.constant(np.random.default_rng(14).random((16, 2)), tf.float32)
print("phase field", net(points).shape)
