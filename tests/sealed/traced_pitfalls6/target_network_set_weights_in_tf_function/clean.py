"""The fix: the update assigns each target variable from its online counterpart."""

import numpy as np
import keras
import tensorflow as tf

online = keras.layers.Dense(2)
target = keras.layers.Dense(2)
online.build((None, 4))
target.build((None, 4))


@tf.function
def update_target():
    for t, o in zip(target.weights, online.weights):
        t.assign(o)
    return tf.reduce_sum(target.kernel)


print("target sum", float(update_target()))
print("equal", bool(np.allclose(online.kernel.numpy(), target.kernel.numpy())))
