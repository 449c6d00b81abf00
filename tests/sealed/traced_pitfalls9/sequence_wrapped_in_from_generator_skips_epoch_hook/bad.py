# SOURCE: https://github.com/tensorflow/tensorflow/issues/48661
# SYMPTOM: lines "[shuffle]" < 1
# DESCRIPTION: a keras.utils.Sequence whose on_epoch_end reshuffles its batches is wrapped in tf.data.Dataset.from_generator for fit; the dataset only iterates the generator, so on_epoch_end is never called and every epoch sees the same batch order
"""Train on batches from a Sequence that reshuffles itself after every epoch."""

import numpy as np
import keras
import tensorflow as tf


class BatchSequence(keras.utils.Sequence):
    def __init__(self):
        super().__init__()
        self.indices = list(range(4))

    def __len__(self):
        return 4

    def __getitem__(self, idx):
        i = self.indices[idx]
        return np.full((2, 3), i, "float32"), np.full((2, 1), i, "float32")

    def on_epoch_end(self):
        print("[shuffle]")
        np.random.shuffle(self.indices)


sequence = BatchSequence()
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")
dataset = tf.data.Dataset.from_generator(  # EXPECT: api-misuse/sequence-epoch-hook-bypassed-by-from-generator
    lambda: (sequence[i] for i in range(len(sequence))),
    output_signature=(tf.TensorSpec((2, 3)), tf.TensorSpec((2, 1))),
)
model.fit(dataset, epochs=3, verbose=0)
