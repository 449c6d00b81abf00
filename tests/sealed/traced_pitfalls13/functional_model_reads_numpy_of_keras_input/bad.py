# SOURCE: https://github.com/tensorflow/tensorflow/issues/43516
# SYMPTOM: raises AttributeError
# DESCRIPTION: while building a functional model, the time input's value is read with .numpy() to configure a custom attention layer, but a Keras Input is a symbolic placeholder with no value even when eager execution is on
import numpy as np
import keras
from keras import layers, ops

TIME_STEPS, INPUT_DIM, KIND_NUM = 16, 4, 3


class TimeScaledAttention(layers.Layer):
    def __init__(self, inp_time, units, **kwargs):
        super().__init__(**kwargs)
        self.inp_time = inp_time
        self.proj = layers.Dense(units)

    def call(self, x):
        weights = ops.softmax(self.proj(x) * self.inp_time, axis=1)
        return ops.sum(weights * x, axis=1)


inp = keras.Input(shape=(TIME_STEPS, INPUT_DIM))
inp_time = keras.Input(shape=(1,))
x = TimeScaledAttention(inp_time=inp_time.numpy(), units=INPUT_DIM)(inp)  # EXPECT: graph-incompatible/numpy-on-symbolic-keras-input
x = layers.Dense(KIND_NUM, activation="softmax")(x)
m = keras.Model(inputs=[inp, inp_time], outputs=[x], name="convatte-test")
print("output", m.predict([np.random.rand(2, TIME_STEPS, INPUT_DIM), np.ones((2, 1))], verbose=0).shape)
