# class: 14
# DESCRIPTION: (Keras 3 form) BinaryAccuracy().reset_states() between two evaluations
# SOURCE: https://github.com/tensorflow/tensorflow/issues/50359
import tensorflow as tf

m = tf.keras.metrics.BinaryAccuracy()
m.update_state([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]])
print(float(m.result()))
m.reset_state()
m.update_state([[1], [0]], [[0.9], [0.1]])
print(float(m.result()))
