import numpy as np
import tensorflow as tf
from tensorflow.keras.utils import timeseries_dataset_from_array

series = np.arange(1, 100)
sequence_length = 90
# targets[i] is the target of the window that starts at i: the value right after the window.
test_ds = timeseries_dataset_from_array(
    series,
    series[sequence_length:],
    sequence_length=sequence_length,
    batch_size=1,
    shuffle=False,
    sequence_stride=1,
    sampling_rate=1,
)
inputs, targets = next(iter(test_ds))
print("first window", inputs.numpy()[0, :3], "...", inputs.numpy()[0, -1])
print("first target", int(targets.numpy()[0]))
