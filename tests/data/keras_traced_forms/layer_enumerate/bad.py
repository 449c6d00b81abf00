# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises OperatorNotAllowedInGraphError
import numpy as np
import tensorflow as tf
from tensorflow import keras


class EveryPth(keras.layers.Layer):
    def __init__(self, p, **kwargs):
        super().__init__(**kwargs)
        self.p = p

    def call(self, inputs):
        steps = tf.transpose(inputs, [1, 0, 2])
        kept = [step for i, step in enumerate(steps) if i % self.p == 0]  # EXPECT: TF807
        return tf.stack(kept, axis=1)


inputs = keras.Input((24, 4))
model = keras.Model(inputs, EveryPth(4)(inputs))
model.predict(np.ones((2, 24, 4)), verbose=0)
