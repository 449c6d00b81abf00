import numpy as np
import keras


class ValGenerator(keras.utils.PyDataset):
    def __init__(self, coords, batchsize):
        super().__init__()
        self.coords = coords
        self.batchsize = batchsize
        self.steps = -(-len(coords) // batchsize)  # ceiling: keep the partial batch

    def __len__(self):
        return self.steps

    def __getitem__(self, batch_index):
        start = batch_index * self.batchsize
        end = min(len(self.coords), (batch_index + 1) * self.batchsize)
        return self.coords[start:end]


rng = np.random.default_rng(6)
sequences = rng.random((709, 12)).astype("float32")
model = keras.Sequential([keras.Input((12,)), keras.layers.Dense(1, activation="sigmoid")])
preds = model.predict(ValGenerator(sequences, 100), verbose=0)
print("predicted", len(preds), "of", len(sequences))
print("MISSING", len(sequences) - len(preds))
