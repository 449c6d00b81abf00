# SOURCE: https://github.com/keras-team/keras/issues/8170
# SYMPTOM: distinct "output" < 3
# DESCRIPTION: a Lambda layer scales its input by an external Python value that the script changes before every prediction, but the prediction function was traced with the first value, so later changes of the argument are ignored
"""Running a model with a different external argument at every prediction."""

import numpy as np
import tensorflow as tf

external_argument = 1.0

inputs = tf.keras.Input((3,))
x = tf.keras.layers.Dense(3, kernel_initializer="ones")(inputs)
x = tf.keras.layers.Lambda(lambda t: t * external_argument)(x)  # EXPECT: stale-capture/global-rebound-after-trace
model = tf.keras.Model(inputs, x)

data = np.ones((1, 3), dtype="float32")
for value in [1.0, 2.0, 3.0]:
    external_argument = value
    print("output", model.predict(data, verbose=0).round(2).tolist())
