import numpy as np
import tensorflow as tf

weights = tf.Variable(tf.ones((3, 1)))


@tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
def score(x):
    return tf.matmul(x, weights)


scores = score(tf.constant(np.ones((2, 3), np.float32)))
print("scores", scores.numpy().ravel().tolist())
