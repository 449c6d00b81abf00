# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises NotImplementedError
import numpy as np
import tensorflow as tf
from tensorflow import keras


class SpectralPenalty(keras.regularizers.Regularizer):
    def __init__(self, strength=0.01):
        self.strength = strength

    def __call__(self, kernel):
        gram = np.matmul(np.transpose(kernel), kernel)  # EXPECT: TF804
        return self.strength * np.max(np.linalg.eigvalsh(gram))


inputs = keras.Input((4,))
out = keras.layers.Dense(4, kernel_regularizer=SpectralPenalty())(inputs)
model = keras.Model(inputs, out)
model.compile(optimizer="adam", loss="mse")
model.fit(np.ones((16, 4)), np.ones((16, 4)), epochs=1, verbose=0)
