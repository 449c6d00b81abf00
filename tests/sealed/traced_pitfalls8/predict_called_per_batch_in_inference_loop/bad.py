# SOURCE: https://github.com/AllenInstitute/deepinterpolation/pull/78
# SYMPTOM: traces >= 5
# DESCRIPTION: model.predict is called once per minibatch inside an inference loop; each call builds a fresh input pipeline and prediction step instead of running the model on the batch
"""Inference over a sequence of minibatches, one predict call per batch."""

import numpy as np
import keras

model = keras.Sequential(
    [keras.Input((16,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)]
)
batches = [np.random.rand(8, 16).astype("float32") for _ in range(10)]

predictions = []
for batch in batches:
    predictions.append(model.predict(batch, verbose=0))  # EXPECT: retracing/keras-predict-called-per-item-in-loop
print(np.concatenate(predictions).shape)
