"""The fix: an input signature with an unknown batch dimension, so one trace serves every size."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])


@tf.function(input_signature=[tf.TensorSpec([None, 1], tf.float32)])
def predict_step(batch):
    return model(batch, training=False)


for size in range(1, 20):
    scores = predict_step(np.ones([size, 1], "float32"))
print("last", scores.shape)
