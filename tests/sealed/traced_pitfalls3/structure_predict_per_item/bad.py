# SOURCE: https://github.com/materialyzeai/megnet/issues/161
# SYMPTOM: traces >= 12
# DESCRIPTION: a materials-property script maps a predict helper over a table of crystal structures, one model predict call per structure, so every call builds a new input pipeline and traces again and the run is flooded with retracing warnings
"""Predicting a property for each structure of a test table."""

import functools

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, 4))
pooled = tf.keras.layers.GlobalAveragePooling1D()(tf.keras.layers.Dense(8, activation="relu")(inputs))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(pooled))


def predict(pred_model, structure):
    return float(pred_model.predict(structure[None], verbose=0)[0, 0])  # EXPECT: retracing/keras-predict-called-per-item-in-loop


structures = [np.random.rand(5 + i, 4).astype("float32") for i in range(6)]
predict_verify = functools.partial(predict, model)
test_results = list(map(predict_verify, structures))
print("predicted", len(test_results))
