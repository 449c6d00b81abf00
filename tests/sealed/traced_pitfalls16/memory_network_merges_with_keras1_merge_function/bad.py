# SOURCE: https://github.com/keras-team/keras/issues/10215
# SYMPTOM: raises ImportError
# DESCRIPTION: a similarity model still builds its concat/dot/cos branches with the Keras 1 merge(mode=...) function and Model(input=..., output=...) keywords
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Input, merge  # EXPECT: keras3/merge-function-removed
from tensorflow.keras.models import Model

input_a = np.reshape([1, 2, 3], (1, 1, 3)).astype("float32")
input_b = np.reshape([4, 5, 6], (1, 1, 3)).astype("float32")

a = Input(shape=(1, 3))
b = Input(shape=(1, 3))
concat = merge([a, b], mode="concat", concat_axis=-1)
dot = merge([a, b], mode="dot", dot_axes=2)

model_concat = Model(input=[a, b], output=concat)  # EXPECT: keras3/model-input-keyword
model_dot = Model(input=[a, b], output=dot)  # EXPECT: keras3/model-input-keyword
print(model_concat.predict([input_a, input_b], verbose=0))
print(model_dot.predict([input_a, input_b], verbose=0))
