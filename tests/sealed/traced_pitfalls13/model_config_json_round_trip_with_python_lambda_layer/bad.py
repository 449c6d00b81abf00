# SOURCE: https://github.com/keras-team/keras/issues/18284
# SYMPTOM: raises ValueError
# DESCRIPTION: a hyperparameter sweep stores each candidate's architecture with model.to_json and rebuilds it with model_from_json; the architecture scales its inputs in a Lambda layer holding a Python lambda, which Keras refuses to deserialize in safe mode (a built-in layer or a registered named function round-trips)
import numpy as np
import keras
from keras import layers


def build_candidate(units):
    inputs = keras.Input((4,))
    scaled = layers.Lambda(lambda t: t * 2.0 - 1.0)(inputs)  # EXPECT: api-misuse/python-lambda-layer-serialized
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
