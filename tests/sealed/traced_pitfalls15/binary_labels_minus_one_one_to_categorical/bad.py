# SOURCE: https://github.com/keras-team/keras/issues/7549
# SYMPTOM: number "distinct one-hot rows" < 2
# DESCRIPTION: labels coded -1 and 1 are passed to keras.utils.to_categorical, which expects 0..num_classes-1, so -1 wraps to the last column and both classes get the same one-hot row
import numpy as np
import keras

rng = np.random.default_rng(7549)
x = rng.random((40, 5)).astype("float32")
y = np.where(x[:, 0] > 0.5, 1, -1)

y_onehot = keras.utils.to_categorical(y)  # EXPECT: api-misuse/to-categorical-negative-labels
print("distinct one-hot rows", len({tuple(row) for row in y_onehot}))

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(y_onehot.shape[1], activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.fit(x, y_onehot, epochs=1, verbose=0)
