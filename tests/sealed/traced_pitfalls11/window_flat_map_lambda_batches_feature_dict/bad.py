# SOURCE: https://github.com/tensorflow/tensorflow/issues/39414
# SYMPTOM: raises TypeError
# DESCRIPTION: a time-series input pipeline builds a dataset of (feature dict, label) pairs, windows it and flattens the windows with flat_map(lambda window: window.batch(...)); window() on nested elements yields a structure of datasets (a dict of datasets plus a label dataset), not one dataset, so the one-argument lambda cannot be applied and the pipeline fails while its function is traced
"""Build sliding windows over a table of features for a sequence model."""

import numpy as np
import tensorflow as tf

window_size = 5

rng = np.random.default_rng(0)
table = {
    "temp": rng.normal(size=40).astype("float32"),
    "pressure": rng.normal(size=40).astype("float32"),
    "target": rng.integers(0, 2, size=40).astype("int64"),
}


def df_to_dataset(dataframe, batch_size=32):
    dataframe = dict(dataframe)
    labels = dataframe.pop("target")
    ds = tf.data.Dataset.from_tensor_slices((dict(dataframe), labels))

    # create moving window
    ds = ds.window(window_size, shift=1, drop_remainder=True)

    # flatten and group the moving window
    ds = ds.flat_map(lambda window: window.batch(window_size, drop_remainder=True))  # EXPECT: api-misuse/window-of-nested-elements-batched-as-one-dataset

    ds = ds.batch(batch_size)
    return ds


train_ts = df_to_dataset(table, batch_size=8)
features, labels = next(iter(train_ts))
print("[window batch]", features["temp"].shape, labels.shape)
