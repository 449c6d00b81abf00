# SOURCE: https://github.com/keras-team/keras/issues/10152
# SYMPTOM: raises ModuleNotFoundError
# DESCRIPTION: an image-processing script builds its model from TensorFlow's private Keras layers but subclasses Layer from standalone keras.engine.topology, mixing two Keras implementations; the engine module no longer exists
import numpy as np
from tensorflow.python.keras.layers import *  # EXPECT: api-misuse/private-tensorflow-keras-import
from tensorflow.python.keras import Model
from keras.engine.topology import Layer  # EXPECT: keras3/keras-engine-import


class Identity(Layer):
    def __init__(self, **kwargs):
        super(Identity, self).__init__(**kwargs)

    def build(self, input_shape):
        super(Identity, self).build(input_shape)

    def call(self, x):
        return x

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


height, width, channels = 12, 18, 3
input_data = np.random.default_rng(10152).random((2, height, width, channels)).astype("float32")
inputs = Input(shape=(height, width, channels))
output = Identity()(inputs)
model = Model(inputs, output)
print("identity", model.predict(input_data, verbose=0).shape)
