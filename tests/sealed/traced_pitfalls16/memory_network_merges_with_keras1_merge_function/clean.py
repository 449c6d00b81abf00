import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Input, concatenate, dot as dot_layer
from tensorflow.keras.models import Model

input_a = np.reshape([1, 2, 3], (1, 1, 3)).astype("float32")
input_b = np.reshape([4, 5, 6], (1, 1, 3)).astype("float32")

a = Input(shape=(1, 3))
b = Input(shape=(1, 3))
concat = concatenate([a, b], axis=-1)
dot = dot_layer([a, b], axes=2)

model_concat = Model(inputs=[a, b], outputs=concat)
model_dot = Model(inputs=[a, b], outputs=dot)
print(model_concat.predict([input_a, input_b], verbose=0))
print(model_dot.predict([input_a, input_b], verbose=0))
