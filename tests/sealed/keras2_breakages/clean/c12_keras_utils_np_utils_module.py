# class: 12
# DESCRIPTION: (Keras 3 form) from keras.utils.np_utils import to_categorical in a perceptron course script
# SOURCE: https://github.com/lukas/ml-class/issues/76
import numpy as np
from keras import Input
from keras.layers import Dense, Flatten
from keras.models import Sequential
from keras.utils import to_categorical

X = np.zeros((4, 2, 2), "float32")
y = to_categorical(np.array([0, 1, 2, 1]))
model = Sequential([Input(shape=(2, 2)), Flatten(), Dense(y.shape[1], activation="softmax")])
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
print(y.shape, model.count_params())
