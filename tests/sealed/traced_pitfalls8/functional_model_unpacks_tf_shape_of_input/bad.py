# SOURCE: https://github.com/keras-team/keras/issues/19314
# SYMPTOM: raises ValueError
# DESCRIPTION: a Keras 3 functional model calls tf.shape on a symbolic keras.Input and unpacks it, but TensorFlow functions cannot take KerasTensors outside a layer
"""A functional model that picks the middle column of a variable-length input."""

import numpy as np
import keras
import tensorflow as tf


def middle_column_model():
    x = keras.Input(batch_shape=(1, None))
    b, l = tf.shape(x)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
    y = x[:, l // 2]
    return keras.Model(inputs=x, outputs=y)


model = middle_column_model()
print(model(np.random.normal(size=(1, 10))))
