# class: 9
# K.function to read a hidden layer's activations (Keras 2's eager K.function, a list of outputs).
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

inp = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(4, activation="relu")(inp)
out = tf.keras.layers.Dense(2)(tf.keras.layers.Dropout(0.5)(hidden))
model = tf.keras.Model(inp, out)
model.layers[1].set_weights([np.ones((3, 4), "float32"), np.zeros(4, "float32")])
get_hidden = K.function([model.input], [model.layers[1].output])  # EXPECT
print(get_hidden([np.arange(6, dtype="float32").reshape(2, 3)])[0].round(3))
