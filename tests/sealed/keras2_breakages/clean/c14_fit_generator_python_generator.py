# class: 14
# DESCRIPTION: (Keras 3 form) model.fit_generator on a Python generator of batches
# SOURCE: https://github.com/keras-team/keras/issues/12456
import numpy as np
import tensorflow as tf


def array_generator():
    while True:
        yield np.full((2, 5), 0.1, "float32"), np.array([1, 0])


model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(5, activation="relu"), tf.keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(array_generator(), epochs=2, steps_per_epoch=3, verbose=0)
print(sorted(history.history), len(history.history["loss"]))
