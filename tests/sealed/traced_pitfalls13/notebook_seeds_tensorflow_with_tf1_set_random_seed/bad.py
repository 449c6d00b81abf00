# SOURCE: https://github.com/MicrosoftLearning/Deep-Learning-Explained/issues/6
# SYMPTOM: raises AttributeError
# DESCRIPTION: a getting-started Keras notebook seeds NumPy and TensorFlow for reproducible runs with tf.set_random_seed, the TF1 name that TensorFlow 2 removed (tf.random.set_seed replaces it)
import numpy as np
import tensorflow as tf
import keras
from keras import layers

np.random.seed(1234)
tf.set_random_seed(1234)  # EXPECT: tf1-api/set-random-seed

x = np.random.uniform(-1.0, 1.0, size=(200, 1)).astype("float32")
y = 3.0 * x + 0.5 + np.random.normal(0.0, 0.1, size=(200, 1)).astype("float32")

model = keras.Sequential([keras.Input((1,)), layers.Dense(8, activation="relu"), layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
history = model.fit(x, y, epochs=5, batch_size=20, verbose=0)
print("final loss", history.history["loss"][-1])
