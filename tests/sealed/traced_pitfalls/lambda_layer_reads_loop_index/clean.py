"""The fix from the thread: bind the stride when the lambda is made (a default argument)."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv1D, Input, Lambda

inp = Input((64, 1))
strides = [1, 2, 4]
i = 0
l1 = Conv1D(1, 3, padding="same", strides=strides[i])
l2 = Lambda(lambda x, stride=strides[i]: x[:, ::stride, :])
branch = l2(l1(inp))
model = tf.keras.Model(inp, branch)
i = 1  # the next branch would use stride 2

out = model.predict(np.random.rand(2, 64, 1).astype("float32"), verbose=0)
print("length", out.shape[1])
