# SOURCE: https://github.com/keras-team/keras/issues/7820
# ENV: TF_USE_LEGACY_KERAS=1
# SYMPTOM: raises Exception
# DESCRIPTION: a custom image loss evaluates the target tensor with the Keras backend's eval to work on its values, but inside the traced training step the target is symbolic and has no value to evaluate
"""An autoencoder whose loss looks at the concrete target values."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def defined_loss(y_true, y_pred):
    target = K.eval(y_true)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return K.mean(K.square(target - y_pred))


inputs = tf.keras.Input((8, 8, 1))
outputs = tf.keras.layers.Conv2D(1, 3, padding="same")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=defined_loss)
x = np.random.rand(8, 8, 8, 1).astype("float32")
model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("trained")
