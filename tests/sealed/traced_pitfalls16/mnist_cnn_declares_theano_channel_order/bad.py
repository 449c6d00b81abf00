# SOURCE: https://github.com/keras-team/keras/issues/3945
# SYMPTOM: raises ValueError
# DESCRIPTION: a digit CNN declares its images in Theano channel order (1, 28, 28) while the TensorFlow backend reads the last axis as channels, so convolution and pooling run over a height of 1
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv2D, Dense, Flatten, Input, MaxPooling2D
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(39)
X_train = rng.random((16, 1, 28, 28)).astype("float32")
y_train = tf.keras.utils.to_categorical(rng.integers(0, 10, size=16), 10)

model = Sequential()
model.add(Input(shape=(1, 28, 28)))  # EXPECT: api-misuse/channels-first-input-shape
model.add(Conv2D(32, (3, 3), activation="relu"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Flatten())
model.add(Dense(10, activation="softmax"))
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(X_train, y_train, epochs=1, verbose=0)
print("trained", model.output_shape)
