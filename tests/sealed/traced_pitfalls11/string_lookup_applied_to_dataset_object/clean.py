"""The fix: apply the lookup layer to the elements of the dataset with ds.map, so each
string tensor is encoded, instead of calling the layer on the Dataset object itself."""

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

ds_new = ds_symbol.map(layer_vocab)
print("[encoded]", [int(v) for v in ds_new])
