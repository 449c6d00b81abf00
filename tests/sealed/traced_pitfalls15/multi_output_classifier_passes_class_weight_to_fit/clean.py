import numpy as np
import keras

rng = np.random.default_rng(15221)
x = rng.random((64, 6)).astype("float32")
y_defect = rng.integers(0, 2, (64, 1))
y_grade = rng.integers(0, 3, (64, 1))

inputs = keras.Input((6,))
hidden = keras.layers.Dense(8, activation="relu")(inputs)
defect = keras.layers.Dense(2, activation="softmax", name="defect")(hidden)
grade = keras.layers.Dense(3, activation="softmax", name="grade")(hidden)
model = keras.Model(inputs, {"defect": defect, "grade": grade})
model.compile(
    optimizer="adam",
    loss={"defect": "sparse_categorical_crossentropy", "grade": "sparse_categorical_crossentropy"},
)

class_weight = {0: 1.0, 1: 4.0}
sample_weight = {
    "defect": np.array([class_weight[int(c)] for c in y_defect[:, 0]]),
    "grade": np.ones(len(y_grade)),
}
model.fit(x, {"defect": y_defect, "grade": y_grade}, epochs=1, sample_weight=sample_weight, verbose=0)
print("trained")
