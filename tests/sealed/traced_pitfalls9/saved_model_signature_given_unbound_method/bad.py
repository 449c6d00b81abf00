# SOURCE: https://github.com/tensorflow/tensorflow/issues/28165
# SYMPTOM: raises TypeError
# DESCRIPTION: a module's __call__ is a tf.function with an input_signature, and the export passes the class attribute Encoder.__call__ as the serving signature; that function is unbound, so tracing it for the signature lacks the self argument and the export fails
"""Export an encoder with an explicit serving signature."""

import tempfile

import tensorflow as tf
import keras


class Encoder(tf.Module):
    def __init__(self):
        super().__init__()
        self.embedding = keras.layers.Dense(16)
        self.projection = keras.layers.Dense(8)

    @tf.function(
        input_signature=[
            tf.TensorSpec([None, 50], tf.float32, name="x"),
            tf.TensorSpec([None, 8], tf.float32, name="hidden"),
        ]
    )
    def __call__(self, x, hidden):
        return self.projection(self.embedding(x)) + hidden


encoder = Encoder()
encoder(tf.ones((1, 50)), tf.zeros((1, 8)))
export_dir = tempfile.mkdtemp()
tf.saved_model.save(encoder, export_dir, signatures=Encoder.__call__)  # EXPECT: api-misuse/unbound-method-as-signature
print("[saved]", export_dir)
