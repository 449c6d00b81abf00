import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense, Input, concatenate
from tensorflow.keras.models import Model, Sequential


def branch(width):
    return Sequential([Input(shape=(width,)), Dense(8, activation="relu")])


branches = [branch(w) for w in (12, 6, 4)]
merged = concatenate([b.outputs[0] for b in branches])
output = Dense(3, activation="softmax")(merged)
model = Model([b.inputs[0] for b in branches], output)
print("scores", model([np.zeros((2, w), "float32") for w in (12, 6, 4)]).shape)
