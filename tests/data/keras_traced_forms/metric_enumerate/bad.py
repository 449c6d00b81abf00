# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises OperatorNotAllowedInGraphError
import numpy as np
import tensorflow as tf
from tensorflow import keras


def f1(y_true, y_pred):
    tp = fp = fn = 0.0
    for i, t in enumerate(y_true):  # EXPECT: TF807
        p = y_pred[i]
        tp += tf.reduce_sum(t * p)
        fp += tf.reduce_sum((1 - t) * p)
        fn += tf.reduce_sum(t * (1 - p))
    return 2 * tp / (2 * tp + fp + fn + 1e-7)


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=[f1])
y = np.eye(3)[np.arange(32) % 3].astype("float32")
model.fit(np.ones((32, 4), "float32"), y, epochs=1, verbose=0)
