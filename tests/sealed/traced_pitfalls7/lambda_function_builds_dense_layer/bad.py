# SOURCE: https://github.com/tensorflow/tensorflow/issues/34815
# SYMPTOM: raises ValueError
# DESCRIPTION: the function given to a Keras Lambda layer constructs a new Dense layer every time it runs, so each trace of the model makes new weights instead of reusing trained ones
"""A functional model whose Lambda layer applies its own dense projection."""

import numpy as np
import keras
from keras import layers


def lambda_multiple(x):
    return layers.Dense(3, name="lyr_1")(x)  # EXPECT: variable-creation/layer-created-in-lambda


inputs = keras.Input((4,))
outputs = layers.Lambda(lambda_multiple, output_shape=(3,))(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
history = model.fit(np.ones((8, 4)), np.ones((8, 3)), epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
