"""The fix: keep the count in a tf.Variable and assign to it."""

import tensorflow as tf


class Counter:
    def __init__(self, initial):
        self.value = tf.Variable(initial)

    def increment(self):
        self.value.assign_add(1)

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
increment(c1)
print(c1)
