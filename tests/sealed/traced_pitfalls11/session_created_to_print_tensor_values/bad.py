# SOURCE: https://github.com/tensorflow/tensorflow/issues/39208
# SYMPTOM: raises AttributeError
# DESCRIPTION: a learner following TF1 lessons builds a few tensors and opens tf.Session() to print their values under TensorFlow 2; the TF1 session API is gone from the top-level namespace in TF2 (operations run eagerly and tensors print directly), so the script stops at the session line
"""Print the result of a few tensor operations, as in the lesson."""

import tensorflow as tf

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
b = tf.constant([[1.0, 1.0], [0.0, 1.0]])
c = tf.matmul(a, b)

Sess = tf.Session()  # EXPECT: tf1-api/tf-session
print("[c]", Sess.run(c).tolist())
