# class: 13
# DESCRIPTION: (Keras 3 form) from keras import optimizers; optimizers.SGD(lr=0.01) in a course notebook
# SOURCE: https://github.com/aimacode/aima-python/pull/1299
import numpy as np
from keras import Input, optimizers
from keras.layers import Dense
from keras.models import Sequential

model = Sequential([Input(shape=(2,)), Dense(1, kernel_initializer="zeros")])
sgd = optimizers.SGD(learning_rate=0.5)
model.compile(loss="mse", optimizer=sgd)
model.train_on_batch(np.ones((2, 2), "float32"), np.ones((2, 1), "float32"))
print(np.round(model.get_weights()[0].ravel(), 4).tolist())
