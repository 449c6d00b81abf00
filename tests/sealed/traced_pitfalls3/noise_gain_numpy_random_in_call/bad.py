# SOURCE: https://github.com/keunwoochoi/kapre/issues/35
# SYMPTOM: distinct "noise std" < 2
# DESCRIPTION: an additive-noise layer draws its random gain with NumPy inside call, so the gain is drawn once while the layer is traced and every later batch gets noise of the same strength
"""Additive noise augmentation with a random gain, applied inside a compiled training step."""

import numpy as np
import tensorflow as tf


class AdditiveNoise(tf.keras.layers.Layer):
    def __init__(self, power=1.0, **kwargs):
        super().__init__(**kwargs)
        self.power = power

    def call(self, x):
        stddev = np.random.uniform(0.0, self.power)  # EXPECT: graph-incompatible/python-random-in-traced-code
        return x + tf.random.normal(tf.shape(x), stddev=stddev)


layer = AdditiveNoise()


@tf.function
def augment(batch):
    return layer(batch)


for step in range(5):
    noisy = augment(tf.zeros((256, 1024)))
    print(f"noise std {float(tf.math.reduce_std(noisy)):.1f}")
