# SOURCE: https://github.com/tensorflow/tensorflow/issues/28165
# SYMPTOM: raises TypeError
"""An encoder whose `__call__` is a `tf.function` with an input signature, saved with the
serving signature read through the class, `Encoder.__call__`: that function has no `self`, so
the signature's first spec binds to `self`, `x` is missing, and the export fails."""

import tempfile

import tensorflow as tf


class Encoder(tf.Module):
    def __init__(self, vocab_size, units):
        super().__init__()
        self.embedding = tf.Variable(tf.random.normal([vocab_size, units]))
        self.kernel = tf.Variable(tf.random.normal([units, units]))

    @tf.function(input_signature=[tf.TensorSpec([None, 50], tf.int32, name="x")])
    def __call__(self, x):
        embedded = tf.nn.embedding_lookup(self.embedding, x)
        return tf.tanh(tf.reduce_mean(embedded, axis=1) @ self.kernel)


encoder = Encoder(100, 16)
print("encoded", encoder(tf.zeros([2, 50], tf.int32)).shape)
export_dir = tempfile.mkdtemp()
tf.saved_model.save(encoder, export_dir, signatures=Encoder.__call__)  # EXPECT: TF938
print("saved to", export_dir)
