# class: 12
# keras.preprocessing.sequence.TimeseriesGenerator.
import numpy as np
from keras.preprocessing.sequence import TimeseriesGenerator  # EXPECT

gen = TimeseriesGenerator(np.arange(10), np.arange(10), length=3, batch_size=2)
print(len(gen))
