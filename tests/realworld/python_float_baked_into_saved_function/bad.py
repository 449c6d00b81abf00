# SOURCE: https://github.com/tensorflow/tensorflow/issues/39808
# SYMPTOM: raises ValueError
"""The SavedModel design's example: `f` is traced by calls with the Python float `-1.0`, saved
through a checkpoint object, and loaded; the number is part of each trace, so the loaded `f`
accepts only `-1.0` and a call with `10.0` finds no matching function."""

import tempfile

import tensorflow as tf


@tf.function
def f(x, training):
    return x if training else 2.0


f(-1.0, training=True)  # EXPECT: TF514
f(-1.0, training=False)  # EXPECT: TF514
obj = tf.train.Checkpoint(f=f)
export_dir = tempfile.mkdtemp()
tf.saved_model.save(obj, export_dir)
imported = tf.saved_model.load(export_dir)
print("f(10.0) =", float(imported.f(10.0, training=True)))
