# class: 12
# DESCRIPTION: (Keras 3 form) from keras.utils import np_utils; np_utils.to_categorical(...) for one-hot labels
# SOURCE: https://github.com/KordingLab/Neural_Decoding/issues/19
import numpy as np
from keras.utils import to_categorical

y = np.array([0, 2, 1, 2])
Y = to_categorical(y.astype(int))
print(Y.shape, Y.sum(axis=0).tolist())
