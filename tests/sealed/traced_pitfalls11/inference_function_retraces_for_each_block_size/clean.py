"""The fix: let the function generalize over the number of rows with reduce_retracing=True."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import Input, Sequential
from tensorflow.keras.layers import Dense, LayerNormalization

feature_count = 12
model = Sequential([Input(shape=(feature_count,)), Dense(32, activation="relu"), LayerNormalization(), Dense(1, activation="sigmoid")])
model.trainable = False


@tf.function(reduce_retracing=True)
def inference(model, inputs):
    return tf.stop_gradient(model(inputs, training=False))


for block_rows in (17, 23, 31, 40, 52, 61):
    small_blocks_normal = np.random.rand(block_rows, feature_count).astype(np.float32)
    predictions = inference(model, small_blocks_normal)
    labels = (predictions > 0.5).numpy().astype(int)
    print("[labels]", block_rows, labels.sum())
