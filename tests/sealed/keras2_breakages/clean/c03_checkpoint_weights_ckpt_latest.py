# class: 3
# DESCRIPTION: (Keras 3 form) ModelCheckpoint('training_1/cp.ckpt', save_weights_only=True), then load_weights(latest_checkpoint)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/75196
import os

import numpy as np
import tensorflow as tf

checkpoint_path = "training_1/cp.weights.h5"
checkpoint_dir = os.path.dirname(checkpoint_path)
os.makedirs(checkpoint_dir, exist_ok=True)
cp_callback = tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_path, save_weights_only=True, verbose=0)
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((4, 2), "float32")
model.fit(x, x[:, :1], epochs=1, verbose=0, callbacks=[cp_callback])
model.load_weights(checkpoint_path)
print(os.path.basename(checkpoint_path))
