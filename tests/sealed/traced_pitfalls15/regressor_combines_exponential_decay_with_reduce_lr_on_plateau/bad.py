# SOURCE: https://github.com/tensorflow/tensorflow/issues/41639
# SYMPTOM: raises TypeError
# DESCRIPTION: an optimizer built on an ExponentialDecay schedule is trained with a ReduceLROnPlateau callback, which fails when it tries to set the schedule-driven learning rate
import numpy as np
import tensorflow as tf
from tensorflow.keras import Sequential
from tensorflow.keras.callbacks import EarlyStopping, ReduceLROnPlateau
from tensorflow.keras.layers import Dense
from tensorflow.keras.optimizers import SGD
from tensorflow.keras.optimizers.schedules import ExponentialDecay

rng = np.random.default_rng(41639)
x = rng.random((64, 4)).astype("float32")
y = rng.random((64, 1)).astype("float32")

lr_schedule = ExponentialDecay(initial_learning_rate=0.01, decay_steps=100, decay_rate=0.9)
model = Sequential([tf.keras.Input((4,)), Dense(8, activation="relu"), Dense(1)])
model.compile(optimizer=SGD(learning_rate=lr_schedule), loss="mse")
callbacks = [
    EarlyStopping(monitor="loss", patience=10),
    ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=1e9),  # EXPECT: api-misuse/reduce-lr-on-plateau-with-schedule
]
model.fit(x, y, epochs=4, batch_size=16, callbacks=callbacks, verbose=0)
print("trained")
