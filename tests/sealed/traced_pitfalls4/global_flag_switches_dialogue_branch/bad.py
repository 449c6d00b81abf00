# SOURCE: https://github.com/pymc-devs/pymc/issues/4157
# SYMPTOM: distinct "mode" < 2
# DESCRIPTION: a dialogue-act model chooses between a training and a testing branch by reading a module-level Python flag inside a custom layer's call, so the traced predict function keeps the branch it saw when first traced and flipping the flag later changes nothing
"""A dialogue-act classifier whose merge layer behaves differently for training and testing."""

import numpy as np
import tensorflow as tf

flag = True


class ContextMerge(tf.keras.layers.Layer):
    def call(self, current):
        if flag:  # EXPECT: stale-capture/global-rebound-after-trace
            return current * 0.0
        return current


inputs = tf.keras.Input((6,))
merged = ContextMerge()(tf.keras.layers.Dense(4)(inputs))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(3)(merged))
x = np.random.rand(4, 6).astype("float32")

for mode in (True, False):
    flag = mode
    print("mode", np.round(model.predict(x, batch_size=4, verbose=0), 4).tolist())
