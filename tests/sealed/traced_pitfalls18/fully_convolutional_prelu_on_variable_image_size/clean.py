import numpy as np
from keras.layers import Conv2D, Input, PReLU
from keras.models import Model

inputs = Input(shape=(None, None, 3))
x = Conv2D(8, 3, padding="same")(inputs)
x = PReLU(shared_axes=[1, 2])(x)
outputs = Conv2D(1, 1, activation="sigmoid")(x)
model = Model(inputs, outputs)
for size in (16, 24):
    print("mask", model.predict(np.zeros((1, size, size, 3), "float32"), verbose=0).shape)
