# class: 3
# DESCRIPTION: (Keras 3 form) ModelCheckpoint(filepath=...'.hdf5', save_best_only=True) saving the whole model
# SOURCE: https://github.com/AISyLab/Triplet-attack/issues/1
import numpy as np
import tensorflow as tf

filepath = "Triplet_model_{}.keras".format("ascad")
checkpoint = tf.keras.callbacks.ModelCheckpoint(filepath=filepath, monitor="val_loss", mode="min", save_best_only=True)
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((4, 2), "float32")
model.fit(x, x[:, :1], validation_data=(x, x[:, :1]), epochs=1, verbose=0, callbacks=[checkpoint])
print(tf.io.gfile.exists(filepath))
