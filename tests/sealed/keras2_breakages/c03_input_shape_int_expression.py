# class: 3
# DESCRIPTION: keras.Input(shape=(X_train.shape[1])) where the parentheses make an int, not a tuple
# SOURCE: https://github.com/carpentries-lab/deep-learning-intro/pull/471
import numpy as np
from tensorflow import keras

X_train = np.zeros((10, 7), "float32")
inputs = keras.Input(shape=(X_train.shape[1]))  # EXPECT
outputs = keras.layers.Dense(1)(keras.layers.Dense(10, activation="relu")(inputs))
model = keras.Model(inputs=inputs, outputs=outputs)
print(model.count_params())
