# class: 13
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, activation="softmax")])
model.set_weights([np.arange(12, dtype="float32").reshape(4, 3) / 10 - 0.5, np.zeros(3, "float32")])
x = np.array([[1, 0, 0, 0], [0, 0, 0, 1], [-1, 2, 0, 1]], "float32")
print(model.predict(x, verbose=0).argmax(axis=-1).tolist())
