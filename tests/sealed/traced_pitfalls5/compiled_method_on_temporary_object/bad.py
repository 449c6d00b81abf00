# SOURCE: https://github.com/tensorflow/tensorflow/issues/50807
# SYMPTOM: raises AttributeError
# DESCRIPTION: a compiled method is called on an object created in the same expression and not kept anywhere, and the decorated method holds only a weak reference to its instance, so by the time it traces the instance is gone
"""Adds a configured offset to a parameter through a compiled method."""

import tensorflow as tf


class Offset:
    def __init__(self):
        self.some_attribute = 2

    @tf.function
    def apply(self, param):
        return self.some_attribute + param


print("kept", Offset().apply(3))  # EXPECT: api-misuse/traced-method-on-temporary-instance
