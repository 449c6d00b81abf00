# SOURCE: https://github.com/tensorflow/tensorflow/issues/59725
# SYMPTOM: raises KeyError
# DESCRIPTION: a traced function defines helper functions and picks them by name from locals() in a loop over a configured order; AutoGraph rewrites the function body, so locals() no longer holds the helpers and the lookup fails
"""Apply a configurable sequence of transforms to an image batch."""

import tensorflow as tf


@tf.function
def sample_function(inputs, application_order=("method_3", "method_1", "method_2")):
    def method_1(inputs):
        return inputs * 2

    def method_2(inputs):
        return inputs / 2

    def method_3(inputs):
        return inputs * 3

    for application in application_order:
        inputs = locals()[application](inputs)  # EXPECT: graph-incompatible/locals-lookup-in-traced-function
    return inputs


result = sample_function(tf.random.normal((1, 3, 3, 1)))
print("[result]", result.shape)
