# SOURCE: https://github.com/tensorflow/tensorflow/issues/40343
# SYMPTOM: number "first target" < 91
# DESCRIPTION: timeseries_dataset_from_array is given the whole series as targets, so each window's target is the window's own first value instead of the value that follows it
import numpy as np
import tensorflow as tf
from tensorflow.keras.utils import timeseries_dataset_from_array

series = np.arange(1, 100)
sequence_length = 90
test_ds = timeseries_dataset_from_array(series, series, sequence_length=sequence_length, batch_size=1, shuffle=False)  # EXPECT: api-misuse/timeseries-targets-not-offset
inputs, targets = next(iter(test_ds))
print("first window", inputs.numpy()[0, :3], "...", inputs.numpy()[0, -1])
print("first target", int(targets.numpy()[0]))
