# class: 12
# keras.preprocessing.timeseries_dataset_from_array through the preprocessing module.
import numpy as np
import keras

data = keras.preprocessing.sequence.TimeseriesGenerator(np.arange(8), np.arange(8), length=2)  # EXPECT
print(len(data))
