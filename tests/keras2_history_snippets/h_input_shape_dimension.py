# class: 3
# Input(shape=(x.shape[1])): the parentheses make an int, which Keras 2 read as a 1-D shape.
import numpy as np
import tensorflow as tf

x = np.ones((4, 3), "float32")
inputs = tf.keras.Input(shape=(x.shape[1]))  # EXPECT
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
print(model.predict(x, verbose=0).tolist())
