# SOURCE: https://github.com/tensorflow/tensorflow/issues/42061
# SYMPTOM: raises AssertionError
# DESCRIPTION: a tf.Module's tf.function __call__ builds a tf.lookup.StaticHashTable on every trace to remap class ids; the table's resource is created inside the traced function and owned by no tracked attribute, so exporting the module with tf.saved_model.save fails on an untracked resource
"""Export a small id-remapping module as a SavedModel."""

import tempfile

import tensorflow as tf


class M(tf.Module):
    @tf.function
    def __call__(self, a):
        keys_tensor = tf.constant([1, 2], dtype=tf.int64)
        vals_tensor = tf.constant([3, 4], dtype=tf.int64)
        table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys_tensor, vals_tensor), -1)  # EXPECT: variable-creation/lookup-table-created-in-tf-function
        return table.lookup(a)


m = M()
print("[lookup]", m(tf.constant([1, 5], dtype=tf.int64)).numpy().tolist())
cf = m.__call__.get_concrete_function(a=tf.TensorSpec([None], tf.int64))
out = tempfile.mkdtemp()
tf.saved_model.save(m, out, signatures={"serving_default": cf})
print("[saved]", out)
