# SOURCE: https://github.com/keras-team/keras/issues/14978
# SYMPTOM: raises ValueError
# DESCRIPTION: a feature column is split off a dict dataset with map, and a StringLookup layer built from a supplied vocabulary is then called on the whole Dataset object; a Keras layer takes tensors, not a tf.data pipeline, so the call fails instead of encoding each element (the layer belongs inside ds.map)
"""Encode the ticker symbol column of a small feature dataset with a fixed vocabulary."""

import tensorflow as tf

rows = {
    "01-Symbol": ["AC8", "BNO", "BLD", "ASL", "AQI", "EXL", "BNO", "AC8"],
    "02-Close": [1.0, 2.5, 0.7, 3.1, 1.9, 0.4, 2.6, 1.1],
}
ds = tf.data.Dataset.from_tensor_slices(rows)
vocab = {"AC8", "BNO", "BLD", "ASL", "AQI", "EXL", "ELO", "FMG"}

# Split off a feature column from the larger dataset
ds_symbol = ds.map(lambda x: x["01-Symbol"])
print("[element spec]", ds_symbol.element_spec)

# Keras preprocessing layer with a supplied vocabulary
layer_vocab = tf.keras.layers.StringLookup(vocabulary=sorted(vocab), output_mode="int")

ds_new = layer_vocab(ds_symbol)  # EXPECT: api-misuse/keras-layer-called-on-dataset-object
print("[encoded]", [int(v) for v in ds_new])
