# SOURCE: https://github.com/tensorflow/tensorflow/issues/37441
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model looks up per-user parameters by calling tf.gather_nd on a free-standing tf.Variable with a symbolic keras.Input, instead of owning the table as a layer weight
import numpy as np
import tensorflow as tf
import keras


class UidParams(keras.layers.Layer):
    def __init__(self, num_uids, dim, **kwargs):
        super().__init__(**kwargs)
        self.params = self.add_weight(shape=(num_uids, dim), initializer="random_normal")

    def call(self, uid):
        return tf.gather_nd(self.params, uid)


num_uids = 50
input_uid = keras.Input(shape=(1,), dtype="int32")
param = UidParams(num_uids, 9)(input_uid)
model = keras.Model(input_uid, param)
print("params", model(np.array([[3], [7]], "int32")).shape)
