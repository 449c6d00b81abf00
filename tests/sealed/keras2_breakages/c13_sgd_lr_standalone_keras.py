# class: 13
# DESCRIPTION: from keras import optimizers; optimizers.SGD(lr=0.01) in a course notebook
# SOURCE: https://github.com/aimacode/aima-python/pull/1299
# keras2: tensorflow-cpu==2.10.1
import numpy as np
from keras import optimizers
from keras.layers import Dense
from keras.models import Sequential

model = Sequential([Dense(1, input_dim=2, kernel_initializer="zeros")])
sgd = optimizers.SGD(lr=0.5)  # EXPECT
model.compile(loss="mse", optimizer=sgd)
model.train_on_batch(np.ones((2, 2), "float32"), np.ones((2, 1), "float32"))
print(np.round(model.get_weights()[0].ravel(), 4).tolist())
