# SOURCE: https://github.com/stratospark/food-101-keras/issues/5
# SYMPTOM: raises TypeError
# DESCRIPTION: a food classifier one-hot encodes its labels with to_categorical(y, nb_classes=...), the Keras 1 keyword that was renamed num_classes
import numpy as np
from tensorflow.keras.utils import to_categorical

n_classes = 101
y_train = np.random.default_rng(101).integers(0, n_classes, 32)

Y_train = to_categorical(y_train, nb_classes=n_classes)  # EXPECT: api-misuse/removed-keyword-argument
print(Y_train.shape)
