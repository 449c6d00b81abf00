# SOURCE: https://github.com/keras-team/keras/issues/7694
# SYMPTOM: raises ValueError
# DESCRIPTION: a fully convolutional network accepts images of any size, but a PReLU without shared_axes needs one slope per spatial position and cannot be built on unknown height and width
import numpy as np
from keras.layers import Conv2D, Input, PReLU
from keras.models import Model

inputs = Input(shape=(None, None, 3))
x = Conv2D(8, 3, padding="same")(inputs)
x = PReLU()(x)  # EXPECT: api-misuse/prelu-without-shared-axes
outputs = Conv2D(1, 1, activation="sigmoid")(x)
model = Model(inputs, outputs)
for size in (16, 24):
    print("mask", model.predict(np.zeros((1, size, size, 3), "float32"), verbose=0).shape)
