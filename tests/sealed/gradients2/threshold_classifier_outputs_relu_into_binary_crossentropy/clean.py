import os
import random

import numpy as np
import keras

keras.utils.set_random_seed(0)
random.seed(0)
threshold = 50000
samples = 500

train_data = []
for i in range(0, samples):
    train_data.append([random.randrange(0, threshold), 0])
    train_data.append([random.randrange(threshold, 2 * threshold), 1])

data_set = np.array(train_data, dtype="float32")
np.random.shuffle(data_set)
input_value = data_set[:, 0:1] / (2 * threshold)
expected_result = data_set[:, 1]

model = keras.Sequential()
model.add(keras.Input(shape=(1,)))
model.add(keras.layers.Dense(3, activation="relu"))
model.add(keras.layers.Dense(5, activation="relu"))
model.add(keras.layers.Dense(1, activation="sigmoid"))
model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(input_value, expected_result, epochs=5, batch_size=5, verbose=0)
_, accuracy = model.evaluate(input_value, expected_result, verbose=0)
print("accuracy", accuracy)
