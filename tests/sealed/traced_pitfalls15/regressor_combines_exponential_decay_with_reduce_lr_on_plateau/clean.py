import numpy as np
import tensorflow as tf
from tensorflow.keras import Sequential
from tensorflow.keras.callbacks import EarlyStopping, ReduceLROnPlateau
from tensorflow.keras.layers import Dense
from tensorflow.keras.optimizers import SGD

rng = np.random.default_rng(41639)
x = rng.random((64, 4)).astype("float32")
y = rng.random((64, 1)).astype("float32")

model = Sequential([tf.keras.Input((4,)), Dense(8, activation="relu"), Dense(1)])
model.compile(optimizer=SGD(learning_rate=0.01), loss="mse")
callbacks = [
    EarlyStopping(monitor="loss", patience=10),
    ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=1e9),
]
model.fit(x, y, epochs=4, batch_size=16, callbacks=callbacks, verbose=0)
print("trained")
