# class: 3
# DESCRIPTION: (Keras 3 form) ModelCheckpoint(filepath='model.weights.best.hdf5', save_best_only=True) on a CNN (a whole model in HDF5)
# SOURCE: https://github.com/moelgendy/deep_learning_for_vision_systems/issues/51
import numpy as np
import tensorflow as tf
from tensorflow.keras.callbacks import ModelCheckpoint

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4, 4, 3)),
    tf.keras.layers.Conv2D(2, 2),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(2, activation="softmax"),
])
model.compile(loss="categorical_crossentropy", optimizer="rmsprop", metrics=["accuracy"])
checkpointer = ModelCheckpoint(filepath="model.best.weights.h5", verbose=0, save_best_only=True, save_weights_only=True)
x = np.ones((4, 4, 4, 3), "float32")
y = np.eye(2, dtype="float32")[[0, 1, 0, 1]]
model.fit(x, y, batch_size=2, epochs=1, validation_data=(x, y), callbacks=[checkpointer], verbose=0, shuffle=True)
model.load_weights("model.best.weights.h5")
print(len(model.get_weights()))
