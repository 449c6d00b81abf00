# SOURCE: https://github.com/tensorflow/tensorflow/issues/39808
"""`f` is traced for a float tensor `x` (a `TensorSpec`), so the loaded `f` takes any number."""

import tempfile

import tensorflow as tf


@tf.function
def f(x, training):
    return x if training else 2.0


f.get_concrete_function(tf.TensorSpec([], tf.float32), training=True)
f.get_concrete_function(tf.TensorSpec([], tf.float32), training=False)
obj = tf.train.Checkpoint(f=f)
export_dir = tempfile.mkdtemp()
tf.saved_model.save(obj, export_dir)
imported = tf.saved_model.load(export_dir)
print("f(10.0) =", float(imported.f(10.0, training=True)))
