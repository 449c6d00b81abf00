import numpy as np
from keras.layers import Conv2D, Dense, Flatten, Input, PReLU
from keras.models import Model

inputs = Input((24, 24, 3))
x = Conv2D(16, 3, padding="same")(inputs)
x = PReLU(shared_axes=[1, 2])(x)
x = Conv2D(16, 3, strides=2, padding="same")(x)
x = PReLU(shared_axes=[1, 2])(x)
embedding = Dense(8)(Flatten()(x))
model = Model(inputs, embedding)
model.predict(np.zeros((1, 24, 24, 3), "float32"), verbose=0)
prelu_params = sum(int(np.prod(w.shape)) for layer in model.layers if isinstance(layer, PReLU) for w in layer.weights)
print("PRELU_PARAMS", prelu_params)
