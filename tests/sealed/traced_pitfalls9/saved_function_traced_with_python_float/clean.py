"""The fix: trace the exported function with a tensor, so the restored copy accepts any value."""

import tempfile

import tensorflow as tf


@tf.function
def f(x, training):
    return x if training else tf.constant(2.0)


f(tf.constant(-1.0), training=True)
f(tf.constant(-1.0), training=False)
obj = tf.train.Checkpoint(f=f)
export_dir = tempfile.mkdtemp()
tf.saved_model.save(obj, export_dir)

imported = tf.saved_model.load(export_dir)
print("[restored]", float(imported.f(tf.constant(10.0), training=True)))
