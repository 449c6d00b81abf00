# SOURCE: https://github.com/tensorflow/tensorflow/issues/39808
# SYMPTOM: raises ValueError
# DESCRIPTION: a tf.function is traced for export with a Python float argument; the value is baked into each concrete function, so after saving and loading only that exact number can be passed and any other input finds no matching function
"""Export a function and call the restored copy."""

import tempfile

import tensorflow as tf


@tf.function
def f(x, training):
    return x if training else 2.0


f(-1.0, training=True)  # EXPECT: retracing/python-scalar-argument-baked-into-trace
f(-1.0, training=False)
obj = tf.train.Checkpoint(f=f)
export_dir = tempfile.mkdtemp()
tf.saved_model.save(obj, export_dir)

imported = tf.saved_model.load(export_dir)
print("[restored]", float(imported.f(10.0, training=True)))
