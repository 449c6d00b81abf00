# class: 14
# DESCRIPTION: (Keras 3 form) keras.experimental.CosineDecay(learning_rate, steps) for training a linear classifier head
# SOURCE: https://github.com/birdnet-team/BirdNET-Analyzer/issues/210
import numpy as np
from tensorflow import keras

learning_rate, epochs, batch_size = 0.01, 2, 4
x_train = np.random.RandomState(0).rand(8, 5).astype("float32")
y_train = np.eye(2, dtype="float32")[np.arange(8) % 2]
classifier = keras.Sequential([keras.Input(shape=(5,)), keras.layers.Dense(2, activation="sigmoid")])
lr_schedule = keras.optimizers.schedules.CosineDecay(learning_rate, int(epochs * x_train.shape[0] / batch_size))
classifier.compile(optimizer=keras.optimizers.Adam(learning_rate=lr_schedule), loss="binary_crossentropy")
history = classifier.fit(x_train, y_train, epochs=epochs, batch_size=batch_size, verbose=0)
print(len(history.history["loss"]))
