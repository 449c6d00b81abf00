# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises OperatorNotAllowedInGraphError
import numpy as np
import tensorflow as tf
from tensorflow import keras


def wrap_pad(x):
    rows = []
    for sample in x:  # EXPECT: TF807
        rows.append(tf.concat([sample[:, -1:], sample, sample[:, :1]], axis=1))
    return tf.stack(rows)


inputs = keras.Input((8, 8, 3))
model = keras.Model(inputs, keras.layers.Lambda(wrap_pad, output_shape=(8, 10, 3))(inputs))
model.predict(np.ones((2, 8, 8, 3)), verbose=0)
