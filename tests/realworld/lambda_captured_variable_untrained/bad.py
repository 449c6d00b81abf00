# SOURCE: https://tensorflow.org/versions/r2.14/api_docs/python/tf/keras/layers/Lambda?authuser=7
# SYMPTOM: distinct "SCALE" < 2
"""A tf.Variable captured by a Lambda layer is not tracked by the model, so fit never trains it."""

import numpy as np
import tensorflow as tf
import keras

scale = tf.Variable(1.0)
scale_layer = keras.layers.Lambda(lambda x: x * scale)  # EXPECT: TF406
model = keras.Sequential([keras.Input((1,)), scale_layer])
model.compile(optimizer="sgd", loss="mse")
for epoch in range(3):
    model.fit(np.ones((8, 1)), 3.0 * np.ones((8, 1)), epochs=1, verbose=0)
    print("SCALE", round(float(scale.numpy()), 4))
