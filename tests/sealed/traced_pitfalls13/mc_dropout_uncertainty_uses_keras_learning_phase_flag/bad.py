# SOURCE: https://github.com/tensorflow/tensorflow/issues/35088
# SYMPTOM: raises AttributeError
# DESCRIPTION: a forecasting class estimates uncertainty with Monte Carlo dropout by building a backend function fed with K.learning_phase(), the Keras 2 graph-mode training flag that Keras 3 removed
import numpy as np
import keras
from keras import backend as K

rng = np.random.default_rng(0)
x_train = rng.normal(size=(256, 6)).astype("float32")
y_train = (x_train.sum(axis=1, keepdims=True) + 0.1 * rng.normal(size=(256, 1))).astype("float32")


class UncertaintyModel:
    def __init__(self, dropout=0.2):
        self.model = keras.Sequential(
            [
                keras.Input((6,)),
                keras.layers.Dense(32, activation="relu"),
                keras.layers.Dropout(dropout),
                keras.layers.Dense(1),
            ]
        )
        self.model.compile(optimizer="adam", loss="mse")

    def fit(self, x, y):
        self.model.fit(x, y, epochs=3, batch_size=32, verbose=0)

    def predict_with_uncertainty(self, x, n_iter=20):
        f = K.function([self.model.layers[0].input, K.learning_phase()], [self.model.layers[-1].output])  # EXPECT: keras3/removed-backend-function-and-learning-phase
        results = np.stack([f([x, 1])[0] for _ in range(n_iter)])
        return results.mean(axis=0), results.std(axis=0)


m = UncertaintyModel()
m.fit(x_train, y_train)
mean, std = m.predict_with_uncertainty(x_train[:8])
print("mean uncertainty", float(std.mean()))
