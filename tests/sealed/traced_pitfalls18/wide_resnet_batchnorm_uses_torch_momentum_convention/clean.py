import numpy as np
import keras
from keras.layers import Activation, BatchNormalization, Convolution2D, Dense, GlobalAveragePooling2D, Input

channel_axis = -1


def initial_conv(inputs):
    x = BatchNormalization(axis=channel_axis, momentum=0.9, epsilon=1e-5, gamma_initializer="uniform")(inputs)
    x = Convolution2D(8, (3, 3), padding="same", kernel_initializer="he_normal", use_bias=False)(x)
    return Activation("relu")(x)


inputs = Input((8, 8, 3))
outputs = Dense(10, activation="softmax")(GlobalAveragePooling2D()(initial_conv(inputs)))
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")

rng = np.random.default_rng(21)
batches = [rng.normal(0.5 + (1.0 if k % 2 == 0 else -1.0), 0.1, (8, 8, 8, 3)) for k in range(20)]
x = np.concatenate(batches).astype("float32")
y = rng.integers(0, 10, len(x))
model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)

bn = [layer for layer in model.layers if isinstance(layer, BatchNormalization)][0]
data_mean = x.mean(axis=(0, 1, 2))
print("DRIFT", round(float(np.abs(keras.ops.convert_to_numpy(bn.moving_mean) - data_mean).max()), 4))
