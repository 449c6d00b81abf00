"""The fix: window() on (features, label) elements gives the flat_map function one dataset
per component (a dict of datasets and a label dataset); batch each component and zip them
back into one dataset of windows."""

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

    # flatten and group the moving window, one component at a time
    def batch_window(features, label):
        features = {key: value.batch(window_size, drop_remainder=True) for key, value in features.items()}
        return tf.data.Dataset.zip((features, label.batch(window_size, drop_remainder=True)))

    ds = ds.flat_map(batch_window)

    ds = ds.batch(batch_size)
    return ds


train_ts = df_to_dataset(table, batch_size=8)
features, labels = next(iter(train_ts))
print("[window batch]", features["temp"].shape, labels.shape)
