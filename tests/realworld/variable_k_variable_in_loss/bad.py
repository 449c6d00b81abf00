# SOURCE: https://github.com/dhirajmaji7/Attention-Res-UNet-with-Guided-Decoder-for-Semantic-Segmentation-of-Brain-tumors/issues/1
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
"""A weighted loss turns its class weights into a Keras variable on every call; fit traces it."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def weighted_log_loss(y_true, y_pred):
    weights = np.array([1.0, 2.0], dtype="float32")
    weights = K.variable(weights)  # EXPECT: TF401
    return -K.mean(y_true * K.log(y_pred + 1e-7) * weights)


model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2, "softmax")])
model.compile(optimizer="sgd", loss=weighted_log_loss)
model.fit(np.ones((8, 3)), np.eye(2)[np.arange(8) % 2], epochs=2, verbose=0)
