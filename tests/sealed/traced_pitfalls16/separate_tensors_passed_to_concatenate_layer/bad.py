# SOURCE: https://github.com/keras-team/keras/issues/10007
# SYMPTOM: raises TypeError
# DESCRIPTION: a Concatenate layer is called with two tensors as separate positional arguments instead of one list of tensors
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Concatenate, Dense, Input
from tensorflow.keras.models import Model

a = Input(shape=(4,))
b = Input(shape=(3,))
c = Concatenate(axis=-1)(a, b)  # EXPECT: api-misuse/merge-layer-called-with-separate-tensors
out = Dense(1)(c)
model = Model([a, b], out)
print("output", model([np.zeros((2, 4), "float32"), np.zeros((2, 3), "float32")]).shape)
