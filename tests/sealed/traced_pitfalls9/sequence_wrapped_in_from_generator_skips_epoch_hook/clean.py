"""The fix: pass the Sequence to fit directly, so Keras calls on_epoch_end after every epoch."""

import numpy as np
import keras


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
model.fit(sequence, epochs=3, verbose=0)
