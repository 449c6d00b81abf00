# SOURCE: https://github.com/tensorflow/tensorflow/pull/27089
# SYMPTOM: distinct "result" < 3
"""A traced function reads a module-level Python number that the script changes later."""

import tensorflow as tf

foo = 4


@tf.function
def addition():
    return 1 + foo  # EXPECT: TF601


for value in (4, 10, 20):
    foo = value
    print("result", int(addition()))
