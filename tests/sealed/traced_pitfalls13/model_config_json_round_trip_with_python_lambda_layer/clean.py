import numpy as np
import keras
from keras import layers


def build_candidate(units):
    inputs = keras.Input((4,))
    scaled = layers.Rescaling(2.0, offset=-1.0)(inputs)
    hidden = layers.Dense(units, activation="relu")(scaled)
    return keras.Model(inputs, layers.Dense(1)(hidden))


rng = np.random.default_rng(2)
x = rng.random((64, 4)).astype("float32")
y = x.sum(axis=1, keepdims=True)

configs = {}
for units in (4, 8):
    candidate = build_candidate(units)
    configs[units] = candidate.to_json()

for units, config in configs.items():
    rebuilt = keras.models.model_from_json(config)
    rebuilt.compile(optimizer="adam", loss="mse")
    history = rebuilt.fit(x, y, epochs=2, verbose=0)
    print(units, "units: loss", history.history["loss"][-1])
