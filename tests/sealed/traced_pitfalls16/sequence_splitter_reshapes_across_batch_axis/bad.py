# SOURCE: https://github.com/tensorflow/tensorflow/issues/35448
# SYMPTOM: raises ValueError
# DESCRIPTION: a Reshape layer is given a target_shape that includes the batch dimension, but Keras prepends the batch size itself, so regrouping 400 rows into 2 x 200 fails
import numpy as np
import tensorflow as tf

inp = tf.constant(np.random.default_rng(0).normal(size=(400, 100)), tf.float32)

lambda_layer = tf.keras.layers.Lambda(lambda x: tf.reshape(x, (2, 200, 100)))
out_1 = lambda_layer(inp)
print(out_1.shape)
print("Lambda reshape worked!")

reshape_layer = tf.keras.layers.Reshape((2, 200, 100))  # EXPECT: api-misuse/reshape-target-includes-batch
print(reshape_layer(inp).shape)
