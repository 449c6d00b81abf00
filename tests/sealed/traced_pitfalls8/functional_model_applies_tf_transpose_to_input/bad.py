# SOURCE: https://stackoverflow.com/questions/47860237/how-to-use-tf-operations-in-keras-models
# SYMPTOM: raises ValueError
# DESCRIPTION: TensorFlow ops are applied directly to a symbolic keras.Input while building a functional model instead of inside a Lambda or custom layer
"""Using TensorFlow operations between the layers of a Keras functional model."""

import numpy as np
import keras
import tensorflow as tf

a = keras.Input(shape=[1, 2], dtype="float32", name="a")
s = tf.transpose(tf.transpose(a))  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
s = keras.layers.Lambda(lambda x: x)(s)
model = keras.Model(inputs=a, outputs=s)
print(model(np.ones((3, 1, 2), dtype="float32")).shape)
