# class: 3
# DESCRIPTION: ModelCheckpoint('training_1/cp.ckpt', save_weights_only=True), then load_weights(latest_checkpoint)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/75196
import os

import numpy as np
import tensorflow as tf

checkpoint_path = "training_1/cp.ckpt"
checkpoint_dir = os.path.dirname(checkpoint_path)
cp_callback = tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_path, save_weights_only=True, verbose=0)  # EXPECT
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((4, 2), "float32")
model.fit(x, x[:, :1], epochs=1, verbose=0, callbacks=[cp_callback])
latest = tf.train.latest_checkpoint(checkpoint_dir)
model.load_weights(latest)  # EXPECT
print(os.path.basename(latest))
