# class: 12
# DESCRIPTION: from keras.utils.np_utils import to_categorical in a perceptron course script
# SOURCE: https://github.com/lukas/ml-class/issues/76
# keras2: tensorflow-cpu==2.2.3
import numpy as np
from keras.layers import Dense, Flatten
from keras.models import Sequential
from keras.utils.np_utils import to_categorical  # EXPECT

X = np.zeros((4, 2, 2), "float32")
y = to_categorical(np.array([0, 1, 2, 1]))
model = Sequential([Flatten(input_shape=(2, 2)), Dense(y.shape[1], activation="softmax")])
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
print(y.shape, model.count_params())
