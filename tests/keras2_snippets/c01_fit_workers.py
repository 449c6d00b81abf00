# class: 1
# fit(..., workers=4, use_multiprocessing=True) with a Sequence.
import numpy as np
import tensorflow as tf

class Batches(tf.keras.utils.Sequence):
    def __len__(self):
        return 2

    def __getitem__(self, index):
        return np.ones((2, 3)), np.ones((2, 1))

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
model.fit(Batches(), workers=1, verbose=0)  # EXPECT
print("trained")
