# SOURCE: https://github.com/tensorflow/tensorflow/issues/32927
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a compiled update function refreshes a target network with layer.set_weights(online.get_weights()), which converts the weights to NumPy and cannot run inside tf.function
"""A soft target-network update for a small Q-network."""

import numpy as np
import keras
import tensorflow as tf

online = keras.layers.Dense(2)
target = keras.layers.Dense(2)
online.build((None, 4))
target.build((None, 4))


@tf.function
def update_target():
    target.set_weights(online.get_weights())  # EXPECT: graph-incompatible/numpy-weight-api-in-traced-code
    return tf.reduce_sum(target.kernel)


print("target sum", float(update_target()))
print("equal", bool(np.allclose(online.kernel.numpy(), target.kernel.numpy())))
