# SOURCE: https://discuss.ai.google.dev/t/memory-leak-in-prediction-tensorflow/82886
# SYMPTOM: traces >= 5
# DESCRIPTION: a tf.function inference helper takes the model and a NumPy block of rows and is called on blocks of different lengths; every new block length traces and keeps another graph, so memory grows with each new size
"""Label blocks of feature rows with a frozen MLP."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import Input, Sequential
from tensorflow.keras.layers import Dense, LayerNormalization

feature_count = 12
model = Sequential([Input(shape=(feature_count,)), Dense(32, activation="relu"), LayerNormalization(), Dense(1, activation="sigmoid")])
model.trainable = False


@tf.function
def inference(model, inputs):
    return tf.stop_gradient(model(inputs, training=False))


for block_rows in (17, 23, 31, 40, 52, 61):
    small_blocks_normal = np.random.rand(block_rows, feature_count).astype(np.float32)
    predictions = inference(model, small_blocks_normal)  # EXPECT: retracing/varying-shape-numpy-argument
    labels = (predictions > 0.5).numpy().astype(int)
    print("[labels]", block_rows, labels.sum())
