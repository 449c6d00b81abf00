import numpy as np
import keras
from keras import backend as K
from keras.layers import Activation, Conv3D, Input

K.set_image_data_format("channels_first")
num_class = 3
inputs = Input((1, 4, 8, 8))
features = Conv3D(8, 3, padding="same", activation="relu")(inputs)
final_convolution = Conv3D(num_class, 1)(features)
output = keras.layers.Softmax(axis=1)(final_convolution)
model = keras.Model(inputs=inputs, outputs=output)

x = np.random.default_rng(8).random((2, 1, 4, 8, 8)).astype("float32")
probabilities = model.predict(x, verbose=0)
print("CLASS_SUM_ERROR", round(float(np.abs(probabilities.sum(axis=1) - 1.0).max()), 4))
