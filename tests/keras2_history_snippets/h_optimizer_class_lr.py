# class: 13
# An optimizer class picked by name at run time, built with Keras 2's `lr=` alias.
import numpy as np
import tensorflow as tf

OPTIMIZERS = {"sgd": tf.keras.optimizers.SGD, "adam": tf.keras.optimizers.Adam}


def build(name, lr):
    return OPTIMIZERS[name](lr=lr)  # EXPECT


model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="ones")])
model.compile(build("sgd", 0.05), "mse")
model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), epochs=2, verbose=0)
print(np.round(model.get_weights()[0], 4).tolist())
