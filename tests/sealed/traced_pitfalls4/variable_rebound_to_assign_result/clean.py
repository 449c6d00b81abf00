"""The fix: assign through the variable and keep its name bound to the variable."""

import numpy as np
import tensorflow as tf


@tf.function
def settle(state):
    for i in range(3):
        if state[0] > 3:
            state[0].assign(1)
        else:
            state[0].assign(2)
    return state.read_value()


state = tf.Variable(np.array([1, 2, 3]))
print("state", settle(state).numpy().tolist())
