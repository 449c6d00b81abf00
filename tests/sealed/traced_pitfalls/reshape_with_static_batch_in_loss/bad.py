# SOURCE: https://github.com/yaojieliu/CVPR2019-DeepTreeLearningForZeroShotFaceAntispoofing/issues/7
# SYMPTOM: raises TypeError
# DESCRIPTION: a loss reshapes with the static batch size from get_shape(), which is None when the loss is traced for batches of unknown size
"""A per-sample L1 map loss used by a Keras model."""

import numpy as np
import tensorflow as tf


def leaf_l1_loss(y_true, y_pred):
    xshape = y_pred.get_shape()
    per_sample = tf.reshape(tf.abs(y_pred - y_true), [xshape[0], -1])  # EXPECT: graph-incompatible/static-shape-with-none-dimension
    return tf.reduce_mean(per_sample, axis=1)


inputs = tf.keras.Input((8, 8, 1))
outputs = tf.keras.layers.Conv2D(1, 3, padding="same")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=leaf_l1_loss)
maps = np.random.rand(20, 8, 8, 1).astype("float32")
model.fit(maps, maps, batch_size=8, epochs=1, verbose=0)
print("trained")
