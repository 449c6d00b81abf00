import numpy as np
import tensorflow as tf
from tensorflow import keras

rng = np.random.default_rng(37683)
x_train = rng.random((128, 12, 12, 1)).astype("float32")
y_train = rng.integers(0, 10, 128)


class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv1 = keras.layers.Conv2D(8, 3, activation="relu")
        self.flatten = keras.layers.Flatten()
        self.d1 = keras.layers.Dense(32, activation="relu")
        self.d2 = keras.layers.Dense(10, activation="softmax")

    def call(self, x):
        x = self.conv1(x)
        x = self.flatten(x)
        x = self.d1(x)
        return self.d2(x)


model = MyModel()
model.compile(
    optimizer=keras.optimizers.Adam(learning_rate=1e-3),
    loss=keras.losses.SparseCategoricalCrossentropy(),
    metrics=[keras.metrics.SparseCategoricalAccuracy()],
)
model.fit(x=x_train, y=y_train, batch_size=32, epochs=1, verbose=0)
print("trained")
