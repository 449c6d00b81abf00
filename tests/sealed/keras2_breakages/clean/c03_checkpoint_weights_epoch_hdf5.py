# class: 3
# DESCRIPTION: (Keras 3 form) ModelCheckpoint(output_dir + '/weights.{epoch:02d}.hdf5', save_weights_only=True)
# SOURCE: https://github.com/jonkrohn/DLTFpT/issues/7
import os

import numpy as np
import tensorflow as tf
from tensorflow.keras.callbacks import ModelCheckpoint

output_path = "model_output"
os.makedirs(output_path, exist_ok=True)
modelcheckpoint = ModelCheckpoint(output_path + "/weights.{epoch:02d}.weights.h5", save_weights_only=True)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
model.compile(loss="mean_squared_error", optimizer="nadam")
x = np.ones((4, 3), "float32")
model.fit(x, np.ones(4), epochs=2, verbose=0, callbacks=[modelcheckpoint])
model.load_weights(output_path + "/weights.02.weights.h5")
print(sorted(os.listdir(output_path)))
