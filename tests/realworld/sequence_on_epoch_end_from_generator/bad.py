# SOURCE: https://github.com/tensorflow/tensorflow/issues/48661
# SYMPTOM: lines "SHUFFLE" < 2
"""A `keras.utils.Sequence` that reshuffles in `on_epoch_end`, wrapped in
`tf.data.Dataset.from_generator` for `fit`: the dataset only iterates the Sequence, and Keras
never calls its `on_epoch_end`, so every epoch reads the same order."""

import random

import numpy as np
import tensorflow as tf


class ArrayGenerator(tf.keras.utils.Sequence):
    def __init__(self, samples, labels, batch_size):
        super().__init__()
        self.samples, self.labels, self.batch_size = samples, labels, batch_size
        self.indices = list(range(len(samples)))
        random.Random(0).shuffle(self.indices)

    def __len__(self):
        return len(self.samples) // self.batch_size

    def __getitem__(self, idx):
        rows = self.indices[idx * self.batch_size : (idx + 1) * self.batch_size]
        return self.samples[rows], self.labels[rows]

    def on_epoch_end(self):
        print("SHUFFLE")
        random.shuffle(self.indices)


rng = np.random.RandomState(0)
samples = rng.randn(64, 4).astype("float32")
labels = samples.sum(axis=1, keepdims=True)
sequence = ArrayGenerator(samples, labels, 16)
dataset = tf.data.Dataset.from_generator(  # EXPECT: TF939
    lambda: (sequence[i] for i in range(len(sequence))),
    output_signature=(tf.TensorSpec([None, 4], tf.float32), tf.TensorSpec([None, 1], tf.float32)),
)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(dataset, epochs=3, verbose=0)
