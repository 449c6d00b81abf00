# SOURCE: https://openillumi.com/en/en-fix-tf-function-retracing-warning
# SYMPTOM: traces >= 10
# DESCRIPTION: an inference loop answers each incoming request of a different length by calling the model's predict method, which builds its prediction graph again for the new input size and floods the log with retracing warnings
"""Scores incoming variable-length requests one at a time."""

import numpy as np
import keras

inputs = keras.Input((None,))
outputs = keras.layers.Lambda(lambda t: keras.ops.mean(t, axis=1, keepdims=True))(inputs)
model = keras.Model(inputs, outputs)

rng = np.random.default_rng(0)
for length in range(2, 14):
    request = rng.standard_normal((1, length)).astype("float32")
    score = model.predict(request, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("score", length, float(score[0, 0]))
