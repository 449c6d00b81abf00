# SOURCE: https://github.com/keras-team/keras/issues/10053
# SYMPTOM: number "final loss" < 0.000001
# DESCRIPTION: a grayscale-frame CNN ends in a single sigmoid unit but is compiled with categorical_crossentropy, which normalizes that one unit to probability 1 so the loss is always zero and nothing is learned
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Activation, Conv2D, Dense, Flatten, MaxPooling2D
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(10)
X_train = [rng.random((36, 64)).astype("float32") for _ in range(20)]
y_train_cat = rng.integers(0, 2, size=(20, 1)).astype("float32")

model = Sequential()
model.add(tf.keras.Input(shape=(36, 64, 1)))
model.add(Conv2D(8, (3, 3)))
model.add(Activation("relu"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Flatten())
model.add(Dense(1))
model.add(Activation("sigmoid"))
model.compile(optimizer="rmsprop", loss="categorical_crossentropy", metrics=["accuracy"])  # EXPECT: api-misuse/categorical-loss-single-unit
history = model.fit(np.array(X_train), np.array(y_train_cat), batch_size=4, epochs=1, verbose=0, validation_split=0.1)
print("final loss", history.history["loss"][-1])
