# class: 6
# DESCRIPTION: (Keras 3 form) model.optimizer.variables() called as a method to pickle the optimizer state next to the model
# SOURCE: https://github.com/keras-team/tf-keras/issues/442
import pickle

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
model.fit(np.ones((4, 4), "float32"), np.eye(2, dtype="float32")[[0, 1, 0, 1]], verbose=0)
optimizer_weights = [v.numpy() for v in model.optimizer.variables]
with open("optimizer.pkl", "wb") as f:
    pickle.dump(optimizer_weights, f)
print(len(optimizer_weights) > 0)
