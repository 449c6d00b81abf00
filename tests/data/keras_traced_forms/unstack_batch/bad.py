# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises ValueError
import numpy as np
import tensorflow as tf
from tensorflow import keras


class PerExampleGram(keras.layers.Layer):
    def call(self, inputs):
        matrices = tf.unstack(inputs, axis=0)  # EXPECT: TF897
        return tf.stack([tf.matmul(m, m, transpose_b=True) for m in matrices])


inputs = keras.Input((4, 3))
model = keras.Model(inputs, PerExampleGram()(inputs))
model.predict(np.ones((2, 4, 3)), verbose=0)
