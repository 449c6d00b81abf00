# class: 13
# DESCRIPTION: from keras.utils import np_utils, the keras package's private module that standalone scripts imported
# SOURCE: https://github.com/keras-team/keras/issues/18363
# keras2: tensorflow-cpu==2.10.1
import numpy as np
from keras.utils import np_utils  # EXPECT

labels = np.array([2, 0, 1])
print(np_utils.to_categorical(labels, 3).tolist())
