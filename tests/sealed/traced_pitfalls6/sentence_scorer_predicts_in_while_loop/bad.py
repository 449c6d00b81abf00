# SOURCE: https://github.com/tensorflow/tensorflow/issues/35835
# SYMPTOM: traces >= 10
# DESCRIPTION: a serving loop prepares each incoming input and scores it with model.predict, a batch API that sets up its prediction machinery again on every call and keeps growing memory
"""Scores prepared sentences one at a time in a serving loop."""

import numpy as np
import keras

model = keras.Sequential(
    [keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1, activation="sigmoid")]
)
model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["acc"])


def prepare_inputs(sentence_id):
    return np.full((1, 6), sentence_id / 10.0, dtype="float32")


sentence_id = 0
while sentence_id < 6:
    inputs = prepare_inputs(sentence_id)
    score = model.predict(inputs, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("score", sentence_id, round(float(score[0, 0]), 4))
    sentence_id += 1
