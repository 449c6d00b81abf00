# class: 13
# DESCRIPTION: (Keras 3 form) from keras.utils import np_utils, the keras package's private module that standalone scripts imported
# SOURCE: https://github.com/keras-team/keras/issues/18363
import numpy as np
from keras import utils

labels = np.array([2, 0, 1])
print(utils.to_categorical(labels, 3).tolist())
