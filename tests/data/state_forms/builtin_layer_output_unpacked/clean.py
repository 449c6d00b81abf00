# SOURCE: https://www.tensorflow.org/guide/keras/working_with_rnns
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""The LSTM is built with `return_state=True`: it gives its output and states, which unpack."""

import keras
import numpy as np


class Tagger(keras.Model):
    def __init__(self):
        super().__init__()
        self.rnn = keras.layers.LSTM(4, return_state=True)
        self.head = keras.layers.Dense(2)

    def call(self, inputs):
        output, hidden, cell = self.rnn(inputs)
        return self.head(output + hidden)


Tagger().predict(np.ones((2, 3, 5), np.float32), verbose=0)
