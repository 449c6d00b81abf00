import numpy as np
import keras
from keras import layers

rng = np.random.default_rng(4)
area = rng.uniform(40, 300, size=(512, 1))
rooms = rng.integers(1, 8, size=(512, 1))
year = rng.uniform(1950, 2020, size=(512, 1))
x_train = np.hstack([area, rooms, year]).astype("float32")
price = (2.0 * area + 15.0 * rooms + 0.5 * (year - 1950)).astype("float32")

normalizer = layers.Normalization(axis=-1)
normalizer.adapt(x_train)
model = keras.Sequential(
    [keras.Input((3,)), normalizer, layers.Dense(32, activation="relu"), layers.Dense(1)]
)
model.compile(optimizer="adam", loss="mse")
model.fit(x_train, price, epochs=2, batch_size=64, verbose=0)

normalized = np.asarray(normalizer(x_train))
print("normalized feature std", float(normalized.std(axis=0).max()))
