# SOURCE: https://github.com/keras-team/keras/issues/15221
# SYMPTOM: raises ValueError
# DESCRIPTION: a model with several classification outputs is trained with fit(class_weight=...), which Keras supports only for single-output models
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
model.fit(x, {"defect": y_defect, "grade": y_grade}, epochs=1, class_weight=class_weight, verbose=0)  # EXPECT: api-misuse/class-weight-with-multiple-outputs
print("trained")
