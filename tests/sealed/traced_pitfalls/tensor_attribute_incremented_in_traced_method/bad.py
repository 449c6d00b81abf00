# SOURCE: https://github.com/tensorflow/tensorflow/issues/31363
# SYMPTOM: raises AttributeError
# DESCRIPTION: a method called from a tf.function rebinds an object's tensor attribute with +=, leaving a graph tensor on the object
"""A counter object holds a tensor; a traced helper increments it through a method."""

import tensorflow as tf


class Counter:
    def __init__(self, initial):
        self.value = tf.constant(initial)

    def increment(self):
        self.value += 1  # EXPECT: leaked-tensor/tensor-stored-on-object|side-effect/attribute-rebound-in-traced-code

    def __str__(self):
        return f"counter {self.value.numpy()}"


@tf.function
def increment(counter):
    counter.increment()


c1 = Counter(100)
c1.increment()
print(c1)
increment(c1)
print(c1)
