import numpy as np
import tensorflow as tf

inp = tf.constant(np.random.default_rng(0).normal(size=(400, 100)), tf.float32)

lambda_layer = tf.keras.layers.Lambda(lambda x: tf.reshape(x, (2, 200, 100)))
out_1 = lambda_layer(inp)
print(out_1.shape)
print("Lambda reshape worked!")

print(tf.reshape(inp, (2, 200, 100)).shape)
