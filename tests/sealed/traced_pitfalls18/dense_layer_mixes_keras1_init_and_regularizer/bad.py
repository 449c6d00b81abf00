# SOURCE: https://github.com/keras-team/keras/issues/6360
# SYMPTOM: raises ImportError
# DESCRIPTION: a classifier script mixes Keras 2 kernel_regularizer with the Keras 1 activity_l2 regularizer and init argument, names that no longer exist
import numpy as np
import keras
from keras.layers import Dense
from keras.models import Sequential
from keras.regularizers import activity_l2  # EXPECT: keras3/keras1-regularizer-names

rng = np.random.default_rng(6360)
x = rng.random((64, 20)).astype("float32")
y = rng.integers(0, 2, 64)
model = Sequential()
model.add(keras.Input((20,)))
model.add(Dense(250, kernel_regularizer=activity_l2(0.001), init="he_normal"))  # EXPECT: keras3/keras1-layer-arguments
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(x, y, epochs=1, verbose=0)
print("loss", round(float(model.evaluate(x, y, verbose=0)), 4))
