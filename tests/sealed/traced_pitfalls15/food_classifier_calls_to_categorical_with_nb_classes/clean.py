import numpy as np
from tensorflow.keras.utils import to_categorical

n_classes = 101
y_train = np.random.default_rng(101).integers(0, n_classes, 32)

Y_train = to_categorical(y_train, num_classes=n_classes)
print(Y_train.shape)
