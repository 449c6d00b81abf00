"""The fix from the maintainer: pass all pictures at once instead of calling analyze in a loop."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((48, 48, 3)), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(1)])


def analyze(imgs):
    return [float(v) for v in model.predict(np.stack(imgs), verbose=0)[:, 0]]


pictures = [np.random.rand(48, 48, 3).astype("float32") for _ in range(8)]
ages = analyze(pictures)
print("analyzed", len(ages))
