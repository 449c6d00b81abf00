# SOURCE: https://github.com/tensorflow/tensorflow/issues/43555
# SYMPTOM: traces >= 36
# DESCRIPTION: a notebook loop defines a layer and builds a new Keras model on every iteration, then calls predict on it; each new model traces its own predict function
"""Iterating on a custom layer in a notebook: every run rebuilds the model and predicts."""

import numpy as np
import tensorflow as tf

for ii in range(10):

    class MyLayer(tf.keras.layers.Layer):
        def call(self, inputs, training=None):
            return inputs * 2.0

    i1 = tf.keras.Input(shape=(1,))
    logits = MyLayer()(i1)
    model = tf.keras.Model(inputs=i1, outputs=logits)
    print("pred", model.predict(np.array([[0.0], [1.0], [3.0]]), batch_size=1, verbose=0).ravel().tolist())  # EXPECT: retracing/new-model-predict-per-iteration
