# SOURCE: https://www.tensorflow.org/guide/keras/working_with_rnns
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A model's call unpacks the output and state of an LSTM built without `return_state`, which
gives one tensor: unpacking iterates a symbolic tensor when Keras traces the call."""

import keras
import numpy as np


class Tagger(keras.Model):
    def __init__(self):
        super().__init__()
        self.rnn = keras.layers.LSTM(4)
        self.head = keras.layers.Dense(2)

    def call(self, inputs):
        output, state = self.rnn(inputs)  # EXPECT: TF898
        return self.head(output + state)


Tagger().predict(np.ones((2, 3, 5), np.float32), verbose=0)
