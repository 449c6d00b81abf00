# SOURCE: https://github.com/tensorflow/tensorflow/issues/27516
# SYMPTOM: raises RuntimeError
# DESCRIPTION: a TensorFlow 2 script keeps a TF1 tf.compat.v1.placeholder for an input of unknown shape, which cannot be created while eager execution is on
import tensorflow as tf

weights = tf.Variable(tf.ones((3, 1)))

x = tf.compat.v1.placeholder(tf.float32, shape=None)  # EXPECT: tf1-api/placeholder
scores = tf.matmul(x, weights)
print("scores", scores)
