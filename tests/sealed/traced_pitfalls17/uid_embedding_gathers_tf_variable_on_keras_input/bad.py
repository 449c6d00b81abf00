# SOURCE: https://github.com/tensorflow/tensorflow/issues/37441
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model looks up per-user parameters by calling tf.gather_nd on a free-standing tf.Variable with a symbolic keras.Input, instead of owning the table as a layer weight
import numpy as np
import tensorflow as tf
import keras

num_uids = 50
input_uid = keras.Input(shape=(1,), dtype="int32")
params = tf.Variable(tf.random.normal((num_uids, 9)), trainable=True)
param = tf.gather_nd(params, input_uid)  # EXPECT: keras3/tf-op-on-keras-tensor
model = keras.Model(input_uid, param)
print("params", model(np.array([[3], [7]], "int32")).shape)
