"""The fix: build the StaticHashTable once, outside the traced function, and keep it on
the module (self.table) so it is tracked and exported with the SavedModel."""

import tempfile

import tensorflow as tf


class M(tf.Module):
    def __init__(self):
        super().__init__()
        keys_tensor = tf.constant([1, 2], dtype=tf.int64)
        vals_tensor = tf.constant([3, 4], dtype=tf.int64)
        self.table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys_tensor, vals_tensor), -1)

    @tf.function
    def __call__(self, a):
        return self.table.lookup(a)


m = M()
print("[lookup]", m(tf.constant([1, 5], dtype=tf.int64)).numpy().tolist())
cf = m.__call__.get_concrete_function(a=tf.TensorSpec([None], tf.int64))
out = tempfile.mkdtemp()
tf.saved_model.save(m, out, signatures={"serving_default": cf})
print("[saved]", out)
