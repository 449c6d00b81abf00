# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises AttributeError
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def spectral_penalty(kernel):
    values = K.eval(kernel)  # EXPECT: TF804
    return 0.01 * float(np.max(np.linalg.eigvalsh(values.T @ values)))


inputs = keras.Input((4,))
out = keras.layers.Dense(4, kernel_regularizer=spectral_penalty)(inputs)
model = keras.Model(inputs, out)
model.compile(optimizer="adam", loss="mse")
model.fit(np.ones((16, 4)), np.ones((16, 4)), epochs=1, verbose=0)
