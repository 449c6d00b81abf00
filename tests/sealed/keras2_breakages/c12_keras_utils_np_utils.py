# class: 12
# DESCRIPTION: from keras.utils import np_utils; np_utils.to_categorical(...) for one-hot labels
# SOURCE: https://github.com/KordingLab/Neural_Decoding/issues/19
# keras2: tensorflow-cpu==2.2.3
import numpy as np
from keras.utils import np_utils  # EXPECT

y = np.array([0, 2, 1, 2])
Y = np_utils.to_categorical(y.astype(int))
print(Y.shape, Y.sum(axis=0).tolist())
