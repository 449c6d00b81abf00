"""The fix: run the network through one traced function whose signature accepts any image size."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, None, 3))
pnet = tf.keras.Model(inputs, tf.keras.layers.Conv2D(2, 3, activation="softmax")(inputs))
image = np.random.rand(96, 96, 3).astype("float32")


@tf.function(input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32)])
def run_pnet(batch):
    return pnet(batch, training=False)


proposals = []
for scale in [1.0, 0.8, 0.64, 0.5, 0.4, 0.32]:
    size = int(96 * scale)
    scaled = tf.image.resize(image, (size, size))
    out = run_pnet(scaled[None])
    proposals.append(out.shape)
print("scales", len(proposals))
