import numpy as np
import keras
from keras import layers, ops

TIME_STEPS, INPUT_DIM, KIND_NUM = 16, 4, 3


class TimeScaledAttention(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.proj = layers.Dense(units)

    def call(self, x, inp_time):
        # the time input flows through the graph as a tensor, batch by batch
        weights = ops.softmax(self.proj(x) * ops.expand_dims(inp_time, 1), axis=1)
        return ops.sum(weights * x, axis=1)


inp = keras.Input(shape=(TIME_STEPS, INPUT_DIM))
inp_time = keras.Input(shape=(1,))
x = TimeScaledAttention(units=INPUT_DIM)(inp, inp_time)
x = layers.Dense(KIND_NUM, activation="softmax")(x)
m = keras.Model(inputs=[inp, inp_time], outputs=[x], name="convatte-test")
print("output", m.predict([np.random.rand(2, TIME_STEPS, INPUT_DIM), np.ones((2, 1))], verbose=0).shape)
