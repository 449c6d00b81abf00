# class: 3
# DESCRIPTION: (Keras 3 form) ModelCheckpoint('/tmp/checkpoint', save_weights_only=True, save_best_only=True), then load_weights of that prefix
# SOURCE: https://github.com/keras-team/keras/pull/18740
import os

import numpy as np
import tensorflow as tf

checkpoint_filepath = "training/best.weights.h5"
os.makedirs("training", exist_ok=True)
checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(
    checkpoint_filepath, monitor="val_accuracy", save_best_only=True, save_weights_only=True)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
x = np.ones((10, 3), "float32")
y = np.arange(10) % 2
model.fit(x, y, batch_size=5, epochs=1, validation_split=0.2, verbose=0, callbacks=[checkpoint_callback])
model.load_weights(checkpoint_filepath)
print(len(model.get_weights()))
