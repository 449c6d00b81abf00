import numpy as np
import keras
from keras import layers

PIECES = ["empty", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"]
rng = np.random.default_rng(0)
x_train = rng.random((128, 24, 24, 1)).astype("float32")
y_train = rng.integers(0, len(PIECES), size=128)

model = keras.Sequential(
    [
        keras.Input((24, 24, 1)),
        layers.Conv2D(8, 3, activation="relu"),
        layers.MaxPooling2D(),
        layers.Flatten(),
        layers.Dense(len(PIECES), activation="softmax"),
    ]
)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=2, batch_size=32, verbose=0)

squares = rng.random((9, 24, 24, 1)).astype("float32")
predicted = np.argmax(model.predict(squares, verbose=0), axis=-1)  # predict_classes was removed
print("board row", [PIECES[i] for i in predicted])
