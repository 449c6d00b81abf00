import numpy as np
import keras

rng = np.random.default_rng(7549)
x = rng.random((40, 5)).astype("float32")
y = np.where(x[:, 0] > 0.5, 1, -1)

y01 = (y + 1) // 2
y_onehot = keras.utils.to_categorical(y01, num_classes=2)
print("distinct one-hot rows", len({tuple(row) for row in y_onehot}))

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(y_onehot.shape[1], activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(x, y_onehot, epochs=1, verbose=0)
