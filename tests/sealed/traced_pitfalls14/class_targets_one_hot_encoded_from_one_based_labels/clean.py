import numpy as np
import keras
from keras import ops

num_classes = 3
labels = np.array([1, 2, 3, 3, 1, 2, 3, 1])  # classes numbered 1..3 as in the data files
targets = ops.one_hot(labels - 1, num_classes)  # shift to 0-based indices

targets = np.asarray(targets)
print("targets", targets.tolist())
print("rows without a class", int(np.sum(targets.sum(axis=1) == 0)))

x = np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(num_classes, activation="softmax")])
model.compile(optimizer="sgd", loss="categorical_crossentropy")
model.fit(x, targets, epochs=1, verbose=0)
