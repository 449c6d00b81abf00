# SOURCE: https://github.com/keras-team/keras/issues/13348
# SYMPTOM: number "length" < 64
# DESCRIPTION: a Lambda layer's function reads a module-level index that the script changes after the layer is built; the traced model reads the new value, so the layer computes something other than what the model was built with
"""Strided downsampling branches built in a loop over stride settings."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv1D, Input, Lambda

inp = Input((64, 1))
strides = [1, 2, 4]
i = 0
l1 = Conv1D(1, 3, padding="same", strides=strides[i])
l2 = Lambda(lambda x: x[:, :: strides[i], :])  # EXPECT: stale-capture/global-rebound-after-trace
branch = l2(l1(inp))
model = tf.keras.Model(inp, branch)
i = 1  # the next branch would use stride 2

out = model.predict(np.random.rand(2, 64, 1).astype("float32"), verbose=0)
print("length", out.shape[1])
