# SOURCE: https://github.com/MrGiovanni/ModelsGenesis/pull/8
# SYMPTOM: number "CLASS_SUM_ERROR" >= 0.1
# DESCRIPTION: a 3D segmentation head built in channels-first format ends with Activation('softmax'), which normalizes over the last (width) axis instead of the class axis
import numpy as np
import keras
from keras import backend as K
from keras.layers import Activation, Conv3D, Input

K.set_image_data_format("channels_first")
num_class = 3
inputs = Input((1, 4, 8, 8))
features = Conv3D(8, 3, padding="same", activation="relu")(inputs)
final_convolution = Conv3D(num_class, 1)(features)
output = Activation("softmax")(final_convolution)  # EXPECT: api-misuse/softmax-axis-not-channel-axis
model = keras.Model(inputs=inputs, outputs=output)

x = np.random.default_rng(8).random((2, 1, 4, 8, 8)).astype("float32")
probabilities = model.predict(x, verbose=0)
print("CLASS_SUM_ERROR", round(float(np.abs(probabilities.sum(axis=1) - 1.0).max()), 4))
