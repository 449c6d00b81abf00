# class: 13
# DESCRIPTION: (Keras 3 form) tf.keras.mixed_precision.experimental.global_policy() read when building a transformer (TF 2.3 API)
# SOURCE: https://github.com/legacyai/tf-transformers/pull/43
import tensorflow as tf


def build_embedding(vocab_size, dim):
    policy = tf.keras.mixed_precision.global_policy()
    return tf.keras.layers.Embedding(vocab_size, dim, dtype=policy)


layer = build_embedding(10, 4)
print(layer.dtype, layer(tf.constant([[1, 2]])).shape)
