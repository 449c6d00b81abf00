# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises NotImplementedError
import numpy as np
import tensorflow as tf
from tensorflow import keras


# Keras 3 infers the Lambda's output shape by calling it on the symbolic batch (None): the
# TypeError of range(None) surfaces as its NotImplementedError ("could not infer the shape").
def wrap_pad(x):
    rows = []
    for i in range(x.shape[0]):  # EXPECT: TF897
        rows.append(tf.concat([x[i, :, -1:], x[i], x[i, :, :1]], axis=1))
    return tf.stack(rows)


inputs = keras.Input((8, 8, 3))
model = keras.Model(inputs, keras.layers.Lambda(wrap_pad)(inputs))
model.predict(np.ones((2, 8, 8, 3)), verbose=0)
