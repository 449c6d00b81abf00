# SOURCE: https://github.com/mayanksatnalika/ipython/issues/3
# SYMPTOM: raises ValueError
# DESCRIPTION: an emotion-recognition ensemble migrated from Keras 1 Merge passes whole Sequential models to concatenate instead of their output tensors
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense, Input, concatenate
from tensorflow.keras.models import Model, Sequential


def branch(width):
    return Sequential([Input(shape=(width,)), Dense(8, activation="relu")])


branches = [branch(w) for w in (12, 6, 4)]
merged = concatenate(branches)  # EXPECT: api-misuse/merge-layer-on-models
output = Dense(3, activation="softmax")(merged)
model = Model([b.inputs[0] for b in branches], output)
print("scores", model([np.zeros((2, w), "float32") for w in (12, 6, 4)]).shape)
