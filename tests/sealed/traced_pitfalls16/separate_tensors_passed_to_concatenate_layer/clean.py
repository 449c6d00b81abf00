import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Concatenate, Dense, Input
from tensorflow.keras.models import Model

a = Input(shape=(4,))
b = Input(shape=(3,))
c = Concatenate(axis=-1)([a, b])
out = Dense(1)(c)
model = Model([a, b], out)
print("output", model([np.zeros((2, 4), "float32"), np.zeros((2, 3), "float32")]).shape)
