"""The fix: loop over the Python list itself; the number of sub-networks is fixed."""

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
        outputs = [net(inputs) for net in self.net_list]
        return tf.concat(outputs, axis=-1)


model = MultiModel(3, 8, 2)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 1), np.random.rand(16, 3), batch_size=8, epochs=1, verbose=0)
print("trained")
