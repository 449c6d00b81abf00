"""The fix: carry the metadata next to the tensor, as a separate Python argument."""

import tensorflow as tf


@tf.function
def named_identity(tensor, label):
    return tf.identity(tensor, name=label)


value = tf.constant([1.0, 2.0])
print("named", named_identity(value, "features"))
