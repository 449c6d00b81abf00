"""The fix: the callback runs the model eagerly on a probe batch and prints the penalties
from that eager call, instead of the graph tensors the traced train step left in
model.losses."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def get_model():
    inp = keras.layers.Input(shape=(1,))
    x = keras.layers.Dense(8, activity_regularizer=keras.regularizers.l1(0.01))(inp)
    x = keras.layers.Dense(16, activity_regularizer=keras.regularizers.l1(0.01))(x)
    out = keras.layers.Dense(1)(x)
    return keras.Model(inputs=inp, outputs=out)


my_model = get_model()
my_model.compile(optimizer="adam", loss="mse")

x = np.random.rand(64, 1).astype("float32")
y = 2.0 * x + 1.0
probe = x[:16]


def print_penalties(batch, logs):
    my_model(probe, training=False)
    tf.print([float(loss) for loss in my_model.losses])


my_callback = keras.callbacks.LambdaCallback(on_batch_begin=print_penalties)

history = my_model.fit(x, y, epochs=1, batch_size=16, callbacks=[my_callback], verbose=0)
print("[loss]", history.history["loss"][-1])
