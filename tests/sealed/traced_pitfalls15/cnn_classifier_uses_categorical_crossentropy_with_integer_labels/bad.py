# SOURCE: https://github.com/keras-team/keras/issues/11904
# SYMPTOM: raises ValueError
# DESCRIPTION: a ten-class CNN is compiled with categorical_crossentropy while its labels are integer class ids of shape (N, 1), not one-hot rows
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

rng = np.random.default_rng(11904)
rows, columns, CHANNELS, NB_CLASSES = 12, 12, 1, 10
x_train = rng.random((64, rows, columns, CHANNELS)).astype("float32")
y_train = rng.integers(0, NB_CLASSES, (64, 1))

model = tf.keras.Sequential()
model.add(layers.Conv2D(8, kernel_size=3, padding="same", input_shape=(rows, columns, CHANNELS)))
model.add(layers.Activation("relu"))
model.add(layers.MaxPooling2D(pool_size=2))
model.add(layers.Flatten())
model.add(layers.Dense(NB_CLASSES))
model.add(layers.Activation("softmax"))
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])  # EXPECT: api-misuse/categorical-crossentropy-with-integer-labels
model.fit(x_train, y_train, batch_size=16, epochs=1, verbose=0)
print("trained")
