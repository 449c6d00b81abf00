import os
import tempfile

import numpy as np
import tensorflow as tf
import keras

# the pretrained model shipped as a SavedModel directory (written here so the program needs no download)
model_dir = os.path.join(tempfile.mkdtemp(), "Thai_graphclust_model4_heavy")
trained = keras.Sequential(
    [keras.Input((12,), dtype="int32"), keras.layers.Embedding(50, 8), keras.layers.LSTM(8), keras.layers.Dense(4)]
)
trained.export(model_dir)


def load_segmenter(path):
    # Keras 3 reloads a SavedModel as an inference-only layer
    return keras.layers.TFSMLayer(path, call_endpoint="serve")


model = load_segmenter(model_dir)
grapheme_ids = np.random.randint(0, 50, size=(2, 12)).astype("int32")
print("scores", np.asarray(model(grapheme_ids)).shape)
