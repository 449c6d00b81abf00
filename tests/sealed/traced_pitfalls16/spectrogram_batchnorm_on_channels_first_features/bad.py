# SOURCE: https://github.com/sharathadavanne/seld-dcase2021/issues/8
# SYMPTOM: number "normalized axis length" >= 20
# DESCRIPTION: a sound-event model keeps its feature maps channels-first but applies BatchNormalization with the default axis=-1, so it normalizes the time axis instead of the channels
import numpy as np
import tensorflow as tf

n_channels, n_freq, n_time = 8, 40, 24
inputs = tf.keras.Input(shape=(n_channels, n_freq, n_time))
bn = tf.keras.layers.BatchNormalization()  # EXPECT: api-misuse/batchnorm-axis-channels-first
x = bn(inputs)
x = tf.keras.layers.Flatten()(x)
outputs = tf.keras.layers.Dense(4, activation="sigmoid")(x)
model = tf.keras.Model(inputs, outputs)

features = np.random.default_rng(8).normal(size=(6, n_channels, n_freq, n_time)).astype("float32")
print("scores", model(features, training=True).shape)
print("normalized axis length", bn.gamma.shape[0])
