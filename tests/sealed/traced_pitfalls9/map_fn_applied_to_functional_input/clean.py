"""The fix: wrap the map_fn in a Lambda layer, so it runs on real tensors when the model is called."""

import tensorflow as tf

inputs = tf.keras.layers.Input(shape=[1, 1, 3], batch_size=4, dtype=tf.double)
result = tf.keras.layers.Lambda(lambda t: tf.map_fn(lambda x: x * 2.0, t))(inputs)
outputs = tf.keras.layers.Flatten()(result)
model = tf.keras.Model(inputs, outputs)
print("[output]", model(tf.ones((4, 1, 1, 3), tf.double)).shape)
