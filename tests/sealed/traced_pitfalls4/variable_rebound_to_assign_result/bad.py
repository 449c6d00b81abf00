# SOURCE: https://github.com/tensorflow/tensorflow/issues/38555
# SYMPTOM: raises AttributeError
# DESCRIPTION: a decorated update loop rebinds the name of the variable it updates to the value returned by assign inside a tensor-dependent branch, so from the second iteration the name holds a symbolic tensor, not the variable, and the next assign fails while tracing
"""Pushing the first entry of a state vector towards a target, a few steps at a time."""

import numpy as np
import tensorflow as tf


@tf.function
def settle(state):
    for i in range(3):
        if state[0] > 3:
            state = state[0].assign(1)  # EXPECT: graph-incompatible/variable-rebound-to-tensor-in-traced-code
        else:
            state = state[0].assign(2)  # EXPECT: graph-incompatible/variable-rebound-to-tensor-in-traced-code
    return state


state = tf.Variable(np.array([1, 2, 3]))
print("state", settle(state).numpy().tolist())
