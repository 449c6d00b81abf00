# SOURCE: https://github.com/tensorflow/community/pull/11
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom layer keeps a hidden state by storing the tensor it computes in call on self and reading it back on the next call; that tensor belongs to the graph of an earlier trace
"""A layer that carries a running hidden state from call to call."""

import numpy as np
import tensorflow as tf
import keras


class Memory(keras.layers.Layer):
    def build(self, input_shape):
        self.hidden = tf.zeros((1, input_shape[-1]))

    def call(self, x):
        out = x + tf.reduce_mean(self.hidden, axis=0, keepdims=True)
        self.hidden = out  # EXPECT: leaked-tensor/tensor-stored-on-self-in-traced-code
        return out


inputs = keras.Input((3,))
outputs = keras.layers.Dense(1)(Memory()(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3)), np.ones((8, 1)), epochs=1, verbose=0)
print("prediction", model.predict(np.ones((2, 3)), verbose=0).shape)
