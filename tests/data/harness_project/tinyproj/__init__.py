"""A small training project shaped like real ones: a tf.data pipeline, a custom training loop,
a Keras model trained with fit, and text features of varying length."""
