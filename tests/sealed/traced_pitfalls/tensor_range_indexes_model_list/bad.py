# SOURCE: https://github.com/tensorflow/tensorflow/issues/51585
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a Keras model's call loops over tf.range to index a Python list of sub-networks; the loop runs over a symbolic tensor that cannot index a list
"""Training several small networks in parallel inside one Keras model."""

import numpy as np
import tensorflow as tf


class MultiModel(tf.keras.Model):
    def __init__(self, num_models, width, depth):
        super().__init__()
        self.n_traces = num_models
        self.net_list = []
        for i in range(self.n_traces):
            net = tf.keras.Sequential([tf.keras.Input(shape=(1,))])
            for _ in range(depth):
                net.add(tf.keras.layers.Dense(width, activation="swish"))
            net.add(tf.keras.layers.Dense(1))
            self.net_list.append(net)

    def call(self, inputs):
        outputs = []
        for i in tf.range(self.n_traces):  # EXPECT: graph-incompatible/tensor-loop-in-unconverted-code
            outputs.append(self.net_list[i](inputs))  # EXPECT: graph-incompatible/list-indexed-with-tensor|leaked-tensor/list-append-in-tensor-loop
        return tf.concat(outputs, axis=-1)


model = MultiModel(3, 8, 2)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 1), np.random.rand(16, 3), batch_size=8, epochs=1, verbose=0)
print("trained")
