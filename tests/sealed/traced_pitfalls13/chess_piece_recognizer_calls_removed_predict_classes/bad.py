# SOURCE: https://github.com/zhwuer/Chinese-Chess/issues/3
# SYMPTOM: raises AttributeError
# DESCRIPTION: a Chinese-chess piece recognizer trains a Sequential CNN and labels board squares with model.predict_classes, which Keras removed in TF 2.6 (argmax over predict is the replacement)
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
predicted = model.predict_classes(squares)  # EXPECT: keras3/removed-predict-classes
print("board row", [PIECES[i] for i in predicted])
