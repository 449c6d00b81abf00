# SOURCE: https://github.com/plaidml/plaidml/issues/1897
# SYMPTOM: raises Exception
# DESCRIPTION: an F1 metric passed to compile counts true and false positives by looping over the batch in Python with enumerate, which iterates a symbolic tensor inside the traced training step
"""A binary classifier monitored with a hand-written F1 metric."""

import numpy as np
import tensorflow as tf


def f1_scores(y_true, y_pred):
    tp = fp = fn = 0.0
    for i, predict in enumerate(y_pred):  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
        prediction = predict[0]
        true_value = y_true[i][0]
        tp += tf.cast((true_value == 1) & (prediction > 0.5), tf.float32)
        fp += tf.cast((true_value == 0) & (prediction > 0.5), tf.float32)
        fn += tf.cast((true_value == 1) & (prediction <= 0.5), tf.float32)
    return 2 * tp / (2 * tp + fp + fn + 1e-7)


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy", f1_scores])
x = np.random.rand(32, 6).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("f1", history.history["f1_scores"][-1])
