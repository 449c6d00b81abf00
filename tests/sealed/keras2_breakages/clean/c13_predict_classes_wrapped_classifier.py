# class: 13
# DESCRIPTION: (Keras 3 form) A library's classifier class calling self._model.predict_classes on one image (removed in TF 2.6)
# SOURCE: https://github.com/williamfzc/stagesepx/issues/164
import numpy as np
import tensorflow as tf


class KerasClassifier:
    def __init__(self):
        self._model = tf.keras.Sequential([
            tf.keras.Input(shape=(4, 4)),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(3, activation="softmax"),
        ])

    def predict_with_object(self, frame):
        return np.argmax(self._model.predict(np.array([frame]), verbose=0), axis=-1)[0]


stage = KerasClassifier().predict_with_object(np.zeros((4, 4), "float32"))
print(int(stage) in (0, 1, 2))
