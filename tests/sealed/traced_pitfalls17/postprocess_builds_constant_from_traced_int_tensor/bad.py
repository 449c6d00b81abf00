# SOURCE: https://github.com/tensorflow/tensorflow/issues/46286
# SYMPTOM: raises TypeError
# DESCRIPTION: a tf.function postprocessing step wraps an integer tensor computed inside the graph in tf.constant, which only accepts concrete values and fails while tracing
import tensorflow as tf


@tf.function
def postprocess(boxes):
    count = tf.shape(boxes)[0]
    num = tf.constant(count, dtype=tf.int32)  # EXPECT: graph-incompatible/tf-constant-of-traced-tensor
    return tf.range(num)


print("indices", postprocess(tf.zeros([4, 2])).numpy())
