import numpy as np
import keras
from keras import ops
from keras.layers import LSTM, Input, Lambda
from keras.models import Model

total_no_of_sys_calls = 300.0
rng = np.random.default_rng(7949)
x_train = [rng.integers(1, 300, 12).astype("float32") for _ in range(8)]


def gen(samples):
    while True:
        for row in samples:
            row = row / total_no_of_sys_calls
            yield row.reshape((1, row.shape[0], 1)), row.reshape((1, row.shape[0], 1))


def repeat_vector(args):
    layer_to_repeat, sequence_layer = args
    return ops.repeat(ops.expand_dims(layer_to_repeat, 1), ops.shape(sequence_layer)[1], axis=1)


inputs = Input(shape=(12, 1))
encoded = LSTM(16)(inputs)
decoded = Lambda(repeat_vector, output_shape=(12, 16))([encoded, inputs])
decoded = LSTM(1, return_sequences=True)(decoded)
sequence_autoencoder = Model(inputs, decoded)
model = Model(inputs, encoded)
sequence_autoencoder.compile(optimizer="adam", loss="mse")
history = sequence_autoencoder.fit(gen(x_train), epochs=2, steps_per_epoch=len(x_train), verbose=0)
print("final loss", round(float(history.history["loss"][-1]), 5))
