# SOURCE: https://xue-jishu.com/zai-keras-zhong-wei-shen-me-sun-shi-han-shu-bi-xu-ji-yu-shen-jing-wang-luo-de-shu-chu
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom loss ignores y_pred and sums a hidden layer's output taken from the functional model's construction; that symbolic tensor leaks into the traced training step, where it is not a value of the current batch, and training fails
"""Penalise the activations of a hidden layer of a small functional model."""

import numpy as np
import keras
from keras import ops

input_1 = keras.Input((5,))
hidden_a = keras.layers.Dense(2)(input_1)
output = keras.layers.Dense(1)(hidden_a)
m3 = keras.Model(input_1, output)


def my_loss(y_true, y_pred):
    return ops.sum(hidden_a)  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-loss


m3.compile(optimizer="adam", loss=my_loss)
x = np.random.RandomState(0).random((10, 5)).astype("float32")
y = np.random.RandomState(1).random((10, 1)).astype("float32")
history = m3.fit(x, y, epochs=2, verbose=0)
print("[loss]", history.history["loss"][-1])
