import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

rng = np.random.default_rng(11904)
rows, columns, CHANNELS, NB_CLASSES = 12, 12, 1, 10
x_train = rng.random((64, rows, columns, CHANNELS)).astype("float32")
y_train = rng.integers(0, NB_CLASSES, (64, 1))

model = tf.keras.Sequential()
model.add(tf.keras.Input((rows, columns, CHANNELS)))
model.add(layers.Conv2D(8, kernel_size=3, padding="same"))
model.add(layers.Activation("relu"))
model.add(layers.MaxPooling2D(pool_size=2))
model.add(layers.Flatten())
model.add(layers.Dense(NB_CLASSES))
model.add(layers.Activation("softmax"))
model.compile(loss="sparse_categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(x_train, y_train, batch_size=16, epochs=1, verbose=0)
print("trained")
