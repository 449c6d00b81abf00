"""The fix: the object is bound to a name, so it lives while its compiled method runs."""

import tensorflow as tf


class Offset:
    def __init__(self):
        self.some_attribute = 2

    @tf.function
    def apply(self, param):
        return self.some_attribute + param


offset = Offset()
print("kept", offset.apply(3))
