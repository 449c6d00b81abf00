import numpy as np
import keras

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
        # training=True keeps dropout active at prediction time (Monte Carlo dropout)
        results = np.stack([np.asarray(self.model(x, training=True)) for _ in range(n_iter)])
        return results.mean(axis=0), results.std(axis=0)


m = UncertaintyModel()
m.fit(x_train, y_train)
mean, std = m.predict_with_uncertainty(x_train[:8])
print("mean uncertainty", float(std.mean()))
