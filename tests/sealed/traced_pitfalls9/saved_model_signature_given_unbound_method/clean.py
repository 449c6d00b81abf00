"""The fix: pass the bound method of the instance, encoder.__call__, as the signature."""

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
tf.saved_model.save(encoder, export_dir, signatures=encoder.__call__)
print("[saved]", export_dir)
