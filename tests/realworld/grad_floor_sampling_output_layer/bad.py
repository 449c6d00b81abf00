# SOURCE: https://github.com/keras-team/keras/issues/5521
# SYMPTOM: raises ValueError
"""Binary outputs sampled with `floor(p + uniform noise)` in the model's last (Lambda) layer:
`floor` has no gradient, so no weight below it gets one."""

import numpy as np
import tensorflow as tf


def floor_sampling(x):
    return tf.floor(x + tf.random.uniform(tf.shape(x), 0, 1))  # EXPECT: TF922


model = tf.keras.Sequential(
    [
        tf.keras.Input((8,)),
        tf.keras.layers.Dense(4, activation="sigmoid"),
        tf.keras.layers.Lambda(floor_sampling),
    ]
)
model.compile(optimizer="adam", loss="binary_crossentropy")
features = np.random.rand(32, 8).astype("float32")
keys = (np.random.rand(32, 4) > 0.5).astype("float32")
model.fit(features, keys, epochs=1, verbose=0)
