# class: 13
# DESCRIPTION: A library's classifier class calling self._model.predict_classes on one image (removed in TF 2.6)
# SOURCE: https://github.com/williamfzc/stagesepx/issues/164
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf


class KerasClassifier:
    def __init__(self):
        self._model = tf.keras.Sequential([
            tf.keras.layers.Flatten(input_shape=(4, 4)),
            tf.keras.layers.Dense(3, activation="softmax"),
        ])

    def predict_with_object(self, frame):
        return self._model.predict_classes(np.array([frame]))[0]  # EXPECT


stage = KerasClassifier().predict_with_object(np.zeros((4, 4), "float32"))
print(int(stage) in (0, 1, 2))
