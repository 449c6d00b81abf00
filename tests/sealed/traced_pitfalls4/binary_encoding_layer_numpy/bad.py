# SOURCE: https://github.com/qiboteam/qiboml/issues/47
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a Keras encoding layer turns its input into bits with NumPy inside call, which works on eager arrays but fails once Keras traces the layer with symbolic tensors while building the functional model
"""A binary encoding layer in front of a small classifier."""

import numpy as np
import tensorflow as tf


class BinaryEncoding(tf.keras.layers.Layer):
    def call(self, x):
        bits = np.unpackbits(np.asarray(x, dtype=np.uint8), axis=-1)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        return tf.convert_to_tensor(bits, dtype=tf.float32)


inputs = tf.keras.Input((2,))
encoded = BinaryEncoding()(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(encoded))
x = np.random.randint(0, 255, (4, 2)).astype("float32")
print("out", model.predict(x, verbose=0).shape)
