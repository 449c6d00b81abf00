# SOURCE: https://github.com/tensorflow/tensorflow/issues/29504
# SYMPTOM: raises InaccessibleTensorError
"""`digit_list.append(i)` inside `for i in tf.range(num_iter)`, then `tf.add_n(digit_list)`."""

import tensorflow as tf


@tf.function
def tf_function_with_loop(num_iter):
    digit_list = []
    for i in tf.range(num_iter):
        digit_list.append(i)  # EXPECT: TF302
    return tf.add_n(digit_list)


tf_function_with_loop(tf.constant(5))
