# SOURCE: https://github.com/Tony607/Keras-Trigger-Word/issues/15
# SYMPTOM: raises ValueError
# DESCRIPTION: a trigger-word detector's weights were trained with GRU(reset_after=False), the old Keras default, but the notebook rebuilds the model with today's GRU default reset_after=True before loading them, so the bias shapes do not match
import os
import tempfile

import numpy as np
import keras
from keras.layers import GRU, Dense, Input, TimeDistributed


def build_model(input_shape, **gru_kwargs):
    X_input = Input(shape=input_shape)
    X = GRU(16, return_sequences=True, **gru_kwargs)(X_input)
    X = TimeDistributed(Dense(1, activation="sigmoid"))(X)
    return keras.Model(inputs=X_input, outputs=X)


weights_path = os.path.join(tempfile.mkdtemp(), "tr_model.weights.h5")
trained = build_model((20, 8), reset_after=False)
trained.save_weights(weights_path)

model = build_model((20, 8))  # EXPECT: api-misuse/gru-reset-after-mismatch-on-load
model.load_weights(weights_path)
x = np.random.default_rng(15).random((1, 20, 8)).astype("float32")
print("activations", model.predict(x, verbose=0).shape)
