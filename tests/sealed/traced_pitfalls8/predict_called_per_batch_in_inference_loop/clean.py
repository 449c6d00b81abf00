"""The fix: predict_on_batch runs the model on one prepared batch without a new pipeline."""

import numpy as np
import keras

model = keras.Sequential(
    [keras.Input((16,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)]
)
batches = [np.random.rand(8, 16).astype("float32") for _ in range(10)]

predictions = []
for batch in batches:
    predictions.append(model.predict_on_batch(batch))
print(np.concatenate(predictions).shape)
