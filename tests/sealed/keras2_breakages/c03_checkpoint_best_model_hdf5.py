# class: 3
# DESCRIPTION: ModelCheckpoint(filepath=...'.hdf5', save_best_only=True) saving the whole model
# SOURCE: https://github.com/AISyLab/Triplet-attack/issues/1
import numpy as np
import tensorflow as tf

filepath = "Triplet_model_{}.hdf5".format("ascad")
checkpoint = tf.keras.callbacks.ModelCheckpoint(filepath=filepath, monitor="val_loss", mode="min", save_best_only=True)  # EXPECT
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((4, 2), "float32")
model.fit(x, x[:, :1], validation_data=(x, x[:, :1]), epochs=1, verbose=0, callbacks=[checkpoint])
print(tf.io.gfile.exists(filepath))
