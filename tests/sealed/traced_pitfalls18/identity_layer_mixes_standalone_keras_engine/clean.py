import numpy as np
from tensorflow.keras.layers import Input, Layer
from tensorflow.keras import Model


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
